/**
 * The 已下载 screen and home's way to it, as one chunk: the route and home both load it on
 * demand, so none of it (nor the cache reading in kept-list.ts) lands in the `shared` chunk every
 * page's first load carries (vite.config.ts puts there what two chunks import statically).
 */
export { KeptScreen } from './KeptScreen';
export { KeptShortcut } from './KeptShortcut';
