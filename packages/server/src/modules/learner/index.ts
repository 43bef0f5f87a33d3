// The learner module's public face: word status per reader, known shares, the placement test.
export { learnerService, type LearnerService } from './learner.service.js';
export { learnerRoutes } from './learner.routes.js';
