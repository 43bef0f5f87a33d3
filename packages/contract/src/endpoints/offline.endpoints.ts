import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id } from '../fields.js';
import { wordMeaningSchema } from './reader.endpoints.js';

/** One headword of an article in its dictionary pack: enough for a sentence-less lookup. */
export const packWordSchema = z.object({
  word: z.string(),
  /** The forms the article uses (lower case), the headword's own included when it occurs. */
  forms: z.array(z.string()),
  phonetic: z.string().nullable(),
  phonetics: z.array(z.object({ variant: z.enum(['UK', 'US']).nullable(), ipa: z.string() })),
  meanings: z.array(wordMeaningSchema),
});
export type PackWord = z.infer<typeof packWordSchema>;

export const offlineEndpoints = {
  'dict.pack': endpoint({
    method: 'GET',
    path: '/api/english/pack/{article_id}',
    role: 'anonymous',
    summary: '文章的离线词典包：文中每个词头的音标与中文释义（会员文章只含读者可读部分的词）',
    input: z.object({ article_id: id('文章 id') }),
    output: z.object({
      article_id: z.number().int(),
      /** The article's version the pack was made from: a new version makes a new pack. */
      version: z.number().int(),
      /** False when only the preview of a members-only article was readable. */
      full: z.boolean(),
      words: z.array(packWordSchema),
    }),
  }),
} as const;
