// The AI module's public face: grounded questions, summaries, word explanations, translation,
// sentence analysis, entities and quotas, over the configured provider or offline.
export { aiService, type AiService } from './ai.service.js';
export { aiRoutes } from './ai.routes.js';
