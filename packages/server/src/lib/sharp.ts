import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | null = null;

/**
 * sharp, loaded at the first image it converts rather than at start: its native library holds
 * ~8 MB that a server answering reads never needs (docs/performance.md, Memory).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then((m) => m.default);
  return loaded;
}
