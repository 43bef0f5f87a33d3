import type { WordEntry, WordMissing } from './endpoints/reader.endpoints.js';

/** A lookup's answer (`dict.word`): the entry, or what the dictionary lacks. */
export type WordLookup = WordEntry | WordMissing;

/** Whether a lookup found nothing (zod-free, so the web client has it too). */
export const isWordMissing = (answer: WordLookup): answer is WordMissing => 'found' in answer && answer.found === false;
