import { loadOnce } from './load-once.js';

/** sharp, at the first image it converts: its native library holds ~8 MB a reading server never needs. */
export const loadSharp = loadOnce(() => import('sharp').then((m) => m.default));
