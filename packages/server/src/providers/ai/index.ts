// The AI provider's face: one interface over OpenAI-compatible Chat Completions servers.
export {
  AiProviderError,
  aiProfileNames,
  aiProfiles,
  complete,
  type AiProfile,
  type AiProfileName,
  type AiProvider,
  type ChatMessage,
  type ChatRequest,
  type ChatStream,
  type ChatUsage,
} from './ai.provider.js';
export { openAiCompatible, estimateTokens, type OpenAiCompatibleOptions } from './openai-compatible.js';
export { thinkFilter } from './think-filter.js';
