// The jobs area's face for the composition root. Modules import only `kinds.ts` (to enqueue).
export { jobKinds, expireUploadsKind, learnerSetsKind, type Enqueue } from './kinds.js';
export { jobHandlers, type HandlerDeps } from './handlers.js';
export { jobQueue, type JobQueue, type KindQueueStats, type RunOutcome } from './queue.js';
export { enqueueDueCrawls } from './periodic-crawl.js';
