import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { withChunkReload } from '../lib/chunk-reload';

/** A lazily loaded screen: its own chunk, reloaded once (guarded) if the chunk is gone. */
export function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: withChunkReload(async () => ({ Component: await load() })) };
}
