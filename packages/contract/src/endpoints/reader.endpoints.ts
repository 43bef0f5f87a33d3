import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { clientKey, flag, freeJsonObject, id, int, offset, optionalText, page, text } from '../fields.js';
import { articleCardSchema, articleWordSchema, examLevels } from './articles.shared.js';
import { okResult } from './shared.js';

export const wordMeaningSchema = z.object({ pos: z.string().nullable(), text: z.string() });

/** A dictionary answer for a tapped word, resolved to its headword in context. */
export const wordEntrySchema = z.object({
  word: z.string(),
  /** The form as tapped, e.g. "negotiated". */
  query: z.string(),
  /** How the tapped form relates to the headword, e.g. {label: "过去式", form: "negotiated"}. */
  form_of: z.object({ label: z.string(), form: z.string() }).nullable(),
  /** Part of speech in this sentence (from the tagger), e.g. "VERB". */
  pos_in_context: z.string().nullable(),
  /** The first pronunciation in standard IPA (without slashes). */
  phonetic: z.string().nullable(),
  /** Pronunciations in standard IPA, British and American when known. */
  phonetics: z.array(z.object({ variant: z.enum(['UK', 'US']).nullable(), ipa: z.string() })),
  /** Chinese meanings, those of the part of speech in this sentence first (`fits`), the others after (shown folded). */
  meanings: z.array(wordMeaningSchema.extend({ fits: z.boolean() })),
  /**
   * Whether the sentence settled which fitting meaning is meant (one meaning fits, or the sentence's
   * words point to a sense). When false, a reader with an AI provider may ask `ai.wordSense`.
   */
  sense_sure: z.boolean(),
  /** The English definition that best fits the sentence (WordNet), or null. */
  definition: z.string().nullable(),
  /** Up to three English definitions of that part of speech, best fitting first. */
  definitions: z.array(z.string()),
  /** A short learner's explanation in Chinese for a function word (the, of, to…), else null. */
  function_note: z.string().nullable(),
  inflections: z.array(z.object({ label: z.string(), form: z.string() })),
  exams: z.array(z.string()),
  frequency: z.number().int().nullable(),
  in_wordbook: z.boolean(),
  /**
   * The multi-word expression the tapped word belongs to in this sentence ("gave … up" → "give up"),
   * spelled as the dictionary's headword, with its Chinese meanings and an English definition; null
   * when the word stands alone.
   */
  phrase: z.object({ text: z.string(), meanings: z.array(wordMeaningSchema), definition: z.string().nullable() }).nullable(),
});
export type WordEntry = z.infer<typeof wordEntrySchema>;

/**
 * A tapped word the dictionary has no entry for: an answer, not an error (a reader taps names and
 * misspellings every day, and an HTTP 404 would be logged by the browser as a failed load).
 */
export const wordMissingSchema = z.object({
  found: z.literal(false),
  /** The form as tapped. */
  query: z.string(),
  /** Up to five close spellings (same first letters, edit distance ≤ 2), common words first. */
  suggestions: z.array(z.string()),
  /** What the word sheet says, e.g. 词典里没有找到“negotiatte”。你要找的是不是：negotiate？ */
  message: z.string(),
});
export type WordMissing = z.infer<typeof wordMissingSchema>;

export const levelWordSchema = z.object({
  word: z.string(),
  forms: z.array(z.string()),
  phonetic: z.string().nullable(),
  meaning: z.string().nullable(),
});

import { noteColors } from '../constants.js';
export { noteColors } from '../constants.js';

export const noteSchema = z.object({
  id: z.number().int(),
  note_uuid: z.string(),
  article_id: z.number().int(),
  text: z.string(),
  comment: z.string(),
  /** The paragraph the note is anchored to. */
  root: z.string(),
  tag: z.string().nullable(),
  color: z.enum(noteColors),
  /** Where in the paragraph: `{sentence_id?, start, end}` character offsets into the paragraph text. */
  data: z.unknown(),
  is_public: z.boolean(),
  mine: z.boolean(),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

const noteUuid = clientKey('笔记标识');

export const readerEndpoints = {
  'dict.word': endpoint({
    method: 'GET',
    path: '/api/english/word',
    role: 'anonymous',
    // A reader's taps repeat: the same hard words in the same sentences of the same article.
    cache: { maxAge: 300, replay: true },
    summary:
      '查词：按句子把词形还原为词头，给出音标、中文释义、英文释义、词形变化、考试标签、词频；词典里没有的词答 found: false 与相近拼写',
    input: z.object({
      word: text('单词', { max: 64 }).regex(/^\p{Script=Latin}[\p{Script=Latin}'’-]*$/u, { error: '只能查询英文单词' }),
      sentence: optionalText('句子', 1000),
      // Which of the sentence's occurrences of the word was tapped (0-based, word-occurrence.ts): the
      // second "run" of a sentence may be another part of speech than the first. Sent only when not
      // 0, so a first occurrence's URL is as before; past the last occurrence it means the first.
      at: int('at', { min: 0, max: 500 }).optional(),
    }),
    output: z.union([wordEntrySchema, wordMissingSchema]),
  }),
  'article.wordAdd': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/words/add',
    role: 'manager',
    summary: '为文章添加重点词汇及编辑讲解',
    input: z.object({
      id: id('文章 id'),
      word: text('单词', { max: 64 }),
      resolve: text('讲解', { max: 1000 }),
      tag: optionalText('标签', 20),
    }),
    output: z.object({ list: z.array(articleWordSchema) }),
  }),
  'article.wordDelete': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/words/delete',
    role: 'manager',
    summary: '删除文章的一个重点词汇',
    input: z.object({ id: id('文章 id'), word: text('单词', { max: 64 }) }),
    output: z.object({ list: z.array(articleWordSchema) }),
  }),
  'article.levelWords': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/level_words',
    role: 'anonymous',
    cache: { maxAge: 60 },
    summary: '文章中超出所选级别（C4/C6/L4/L8/IELTS）的词及释义',
    input: z.object({ id: id('文章 id'), level: z.enum(examLevels, { error: '级别只能是 C4、C6、L4、L8 或 IELTS' }) }),
    output: z.object({ level: z.enum(examLevels), list: z.array(levelWordSchema) }),
  }),
  'article.mark': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/mark',
    role: 'user',
    summary: '收藏（star）或读完（finish）标记',
    input: z.object({
      id: id('文章 id'),
      action: z.enum(['star', 'finish'], { error: '标记只能是 star 或 finish' }),
      status: flag('status'),
    }),
    output: z.object({ starred: z.boolean(), finished: z.boolean() }),
  }),
  'article.starred': endpoint({
    method: 'GET',
    path: '/reader/myarticle/star',
    role: 'user',
    summary: '我收藏的文章，最近收藏在前',
    input: z.object({ offset }),
    output: page(articleCardSchema.extend({ starred_at: z.string() })),
  }),
  'note.add': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/notes/add',
    role: 'user',
    summary: '添加或修改（按 note_uuid）划线与笔记',
    input: z.object({
      id: id('文章 id'),
      note_uuid: noteUuid,
      text: text('划线内容', { max: 2000 }),
      comment: z.string({ error: '笔记内容格式不正确' }).trim().max(2000, { error: '笔记内容不能超过 2000 个字符' }).default(''),
      root: text('段落标识', { max: 40 }),
      tag: optionalText('标签', 20),
      color: z.enum(noteColors, { error: '颜色不在可选范围内' }).default('yellow'),
      data: freeJsonObject('位置数据', { maxBytes: 2048, tooLarge: '位置数据太大' }).optional(),
      is_public: flag('is_public').default(false),
    }),
    output: noteSchema,
  }),
  'note.mine': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/notes',
    role: 'user',
    summary: '我在这篇文章的笔记',
    input: z.object({ id: id('文章 id') }),
    output: z.object({ list: z.array(noteSchema) }),
  }),
  'note.all': endpoint({
    method: 'GET',
    path: '/reader/article/{id}/notes/all',
    role: 'anonymous',
    summary: '我的笔记和其他读者公开的笔记',
    input: z.object({ id: id('文章 id') }),
    output: z.object({ list: z.array(noteSchema), counts: z.object({ mine: z.number().int(), public: z.number().int() }) }),
  }),
  'note.delete': endpoint({
    method: 'POST',
    path: '/reader/article/notes/{id}/delete',
    role: 'user',
    summary: '删除我在这篇文章（id）的一条笔记',
    input: z.object({ id: id('文章 id'), note_uuid: noteUuid }),
    output: okResult,
  }),
  'note.articles': endpoint({
    method: 'GET',
    path: '/reader/mynote',
    role: 'user',
    summary: '我做过笔记的文章，最近在前',
    input: z.object({ offset }),
    output: page(articleCardSchema.extend({ note_count: z.number().int(), last_noted_at: z.string() })),
  }),
  'note.ofArticle': endpoint({
    method: 'GET',
    path: '/reader/mynote/{id}',
    role: 'user',
    summary: '我在一篇文章的全部笔记',
    input: z.object({ id: id('文章 id') }),
    output: z.object({ article: articleCardSchema, list: z.array(noteSchema) }),
  }),
  'note.export': endpoint({
    method: 'GET',
    path: '/reader/mynote/export',
    role: 'user',
    summary: '导出全部笔记（文本文件，可用登录 cookie）',
    input: z.object({}),
    output: z.string(),
    produces: 'text/plain; charset=utf-8',
    cookieAuth: true,
  }),
} as const;
