import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, id, offset, optionalText, page, text } from '../fields.js';
import { wordMeaningSchema } from './reader.endpoints.js';

/** Where a question is about: an article (default, spec §9) or nothing in particular. */
export const askSources = ['ARTICLE', 'FREE'] as const;

/** Who answered: the configured model, or the offline computation (never dressed up as a model). */
const answeredBy = {
  /** True when the answer was computed offline (no AI provider configured). */
  offline: z.boolean(),
  /** The model's name; null offline. */
  model: z.string().nullable(),
  /** True when this answer came from the cache (and counted nothing). */
  cached: z.boolean(),
};

const word = text('单词', { max: 64 }).regex(/^\p{Script=Latin}[\p{Script=Latin}'’ -]*$/u, { error: '只能是英文单词' });

export const askSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  article_id: z.number().int().nullable(),
  article_title: z.string().nullable(),
  /** The paragraph (`p3`) or sentence (`p3.s2`) the question is about, as the reader chose it. */
  pos: z.string().nullable(),
  source: z.enum(askSources),
  answer: z.string(),
  /** Paragraph ids the answer cites, in order of first citation ("[p3]" in the text). */
  citations: z.array(z.string()),
  tokens: z.number().int(),
  created_at: z.string(),
  ...answeredBy,
});
export type AiAsk = z.infer<typeof askSchema>;

export const summarySchema = z.object({
  article_id: z.number().int(),
  text: z.string(),
  /**
   * Offline: the chosen sentences, each with its paragraph and its stored Chinese: the sentence's
   * own when the paragraph's translation could be aligned to it (`zh_scope: 'sentence'`), else the
   * paragraph's (`'paragraph'`, shown as 整段译文); null when the paragraph has no translation.
   */
  sentences: z.array(
    z.object({
      paragraph_id: z.string(),
      en: z.string(),
      zh: z.string().nullable(),
      zh_scope: z.enum(['sentence', 'paragraph']).nullable(),
    }),
  ),
  ...answeredBy,
});
export type AiSummary = z.infer<typeof summarySchema>;

export const wordExplainSchema = z.object({ word: z.string(), text: z.string(), ...answeredBy });

export const aiDictSchema = z.object({
  word: z.string(),
  phonetic: z.string().nullable(),
  senses: z.array(z.object({ pos: z.string().nullable(), meaning: z.string(), example: z.string().nullable() })),
  collocations: z.array(z.string()),
  examples: z.array(z.object({ en: z.string(), article_id: z.number().int().nullable(), article_title: z.string().nullable() })),
  ...answeredBy,
});

export const transSchema = z.object({
  text: z.string(),
  translation: z.string(),
  /** `article`: the stored translation of the article paragraph holding this text; `ai`: the provider's. */
  from: z.enum(['article', 'ai']),
  /**
   * What `translation` translates: `selection`, exactly the text sent (the model's); `sentence`, the
   * sentence(s) holding it, aligned in the paragraph's stored translation; `paragraph`, the whole
   * paragraph, when the alignment was not sure (shown as 整段译文).
   */
  scope: z.enum(['selection', 'sentence', 'paragraph']),
  /** The English that `translation` translates (the selection, its sentence(s), or the paragraph). */
  source: z.string(),
  article_id: z.number().int().nullable(),
  paragraph_id: z.string().nullable(),
  ...answeredBy,
});

export const analysisSchema = z.object({
  text: z.string(),
  /**
   * Each sentence of the text (analysis never runs across a sentence boundary): its main clause's
   * subject, predicate (the finite verb group) and object, each only when the rules are sure of it
   * (null otherwise: nothing is better than a wrong part); the predicate's tense and voice; and
   * every finite verb group of the sentence with its tense, main or not.
   */
  sentences: z.array(
    z.object({
      text: z.string(),
      subject: z.string().nullable(),
      predicate: z.string().nullable(),
      object: z.string().nullable(),
      tense: z.string().nullable(),
      verbs: z.array(z.object({ text: z.string(), tense: z.string().nullable() })),
    }),
  ),
  /** Every word with its part of speech (universal tags, with a Chinese label) and lemma. */
  words: z.array(z.object({ text: z.string(), pos: z.string(), pos_zh: z.string(), lemma: z.string() })),
  hard_words: z.array(z.object({ word: z.string(), meaning: z.string() })),
  /** The model's explanation in Chinese; null offline. */
  explanation: z.string().nullable(),
  ...answeredBy,
});

export const entitySchema = z.object({
  name: z.string(),
  /** Who or what it is, in Chinese; offline: WordNet's gloss when it has one, else null. */
  description: z.string().nullable(),
  mentions: z.array(z.object({ article_id: z.number().int(), title: z.string(), paragraph_id: z.string(), sentence: z.string() })),
  ...answeredBy,
});

export const questionsSchema = z.object({
  article_id: z.number().int(),
  article_title: z.string(),
  questions: z.array(
    z.object({
      /**
       * `cloze` (offline): a key sentence with one word blanked (`____`); `answer` is the word as
       * written there. `choice` (the model's): `text` is the question, `answer` one of `options`.
       */
      kind: z.enum(['cloze', 'choice']),
      /** The paragraph the question is about. */
      paragraph_id: z.string(),
      text: z.string(),
      /** The choices of a `choice` question; empty for cloze. */
      options: z.array(z.string()),
      answer: z.string(),
      /** The word to offer for the word book when the reader misses this one; null when there is none. */
      headword: z.string().nullable(),
      /** Shown before answering (the blanked word's Chinese meaning). */
      hint: z.string().nullable(),
      /** Shown after checking (why the answer is right). */
      explanation: z.string().nullable(),
    }),
  ),
  ...answeredBy,
  /**
   * Set when the questions are offline because the reader's AI quota for today is spent: that it
   * is, when it resets and how to get more, in Chinese. Null otherwise.
   */
  quota_notice: z.string().nullable(),
});

/** The provider's choice among the dictionary's meanings of a word in one sentence. */
export const wordSenseSchema = z.object({
  /** The headword. */
  word: z.string(),
  /** One meaning of the dictionary's fitting lines ("n." + "岸"), or null when the model named none of them. */
  meaning: wordMeaningSchema.nullable(),
  model: z.string().nullable(),
  cached: z.boolean(),
});

export const aiUsageSchema = z.object({
  /** Whether an AI provider is configured (otherwise answers are offline and free). */
  configured: z.boolean(),
  model: z.string().nullable(),
  /** Daily token allowance; null: not limited (managers). */
  daily_limit: z.number().int().nullable(),
  today: z.object({ tokens: z.number().int(), requests: z.number().int() }),
  month: z.object({ tokens: z.number().int(), requests: z.number().int() }),
  /** When today's allowance starts again (00:00 China time). */
  resets_at: z.string(),
  member_level: z.number().int().nullable(),
  /** Where membership raises the allowance; null when it cannot be raised that way. */
  upgrade: z.string().nullable(),
});

export const aiEndpoints = {
  'ai.ask': endpoint({
    method: 'POST',
    path: '/api/ai/ask',
    role: 'user',
    summary: '问 AI：依据文章段落、我的笔记和生词回答并标注引用段落；stream 为 true 时以 SSE 流式返回；保存在我的提问里',
    input: z.object({
      prompt: text('问题', { max: 1000 }),
      article_id: id('文章 id').optional(),
      pos: optionalText('位置', 64),
      /** The selected text the question is about, when the reader selected some. */
      selection: optionalText('选中的文字', 2000),
      source: z.enum(askSources, { error: 'source 只能是 ARTICLE 或 FREE' }).default('ARTICLE'),
      stream: flag('stream').default(false),
    }),
    output: askSchema,
    stream: { flag: 'stream' },
  }),
  'ai.askShow': endpoint({
    method: 'GET',
    path: '/api/ai/ask/{id}',
    role: 'user',
    summary: '我的一条提问及回答',
    input: z.object({ id: id('提问 id') }),
    output: askSchema,
  }),
  'ai.history': endpoint({
    method: 'GET',
    path: '/api/ai/history',
    role: 'user',
    summary: '我的提问，新的在前：all 为 true 或不带 article_id 时为全部文章，否则为这篇文章的',
    input: z.object({
      article_id: id('文章 id').optional(),
      offset,
      all: flag('all').default(false),
      source: z.enum(askSources, { error: 'source 只能是 ARTICLE 或 FREE' }).optional(),
    }),
    output: page(askSchema),
  }),
  'ai.summary': endpoint({
    method: 'GET',
    path: '/api/ai/summary',
    role: 'anonymous',
    summary: '文章摘要（按文章版本和模型缓存）；未配置 AI 或未登录时为离线抽取式摘要；stream 为 true 时流式返回',
    input: z.object({ article_id: id('文章 id'), stream: flag('stream').default(false) }),
    output: summarySchema,
    stream: { flag: 'stream' },
  }),
  'ai.summaryCreate': endpoint({
    method: 'POST',
    path: '/api/ai/summary/create',
    role: 'manager',
    summary: '生成文章摘要；renew 为 true 时重新生成（管理员）',
    input: z.object({ article_id: id('文章 id'), renew: flag('renew').default(false) }),
    output: summarySchema,
  }),
  'ai.wordExplain': endpoint({
    method: 'GET',
    path: '/api/english/word/ai',
    role: 'user',
    summary: 'AI 讲解：这个词在这句话里的意思和用法（中文，流式）',
    input: z.object({ word, sentence: optionalText('句子', 1000) }),
    output: wordExplainSchema,
    stream: 'always',
  }),
  'ai.wordSense': endpoint({
    method: 'GET',
    path: '/api/english/word/ai/sense',
    role: 'user',
    summary: 'AI 判断：这个词在这句话里是词典列出的哪一个意思（按词、句子和模型缓存）',
    input: z.object({ word, sentence: text('句子', { max: 1000 }) }),
    output: wordSenseSchema,
  }),
  'ai.wordDict': endpoint({
    method: 'GET',
    path: '/api/english/word/ai/dict',
    role: 'user',
    summary: 'AI 学习词典条目：义项、搭配、例句（按词缓存）',
    input: z.object({ word }),
    output: aiDictSchema,
  }),
  'ai.trans': endpoint({
    method: 'POST',
    path: '/api/english/trans',
    role: 'user',
    summary: '翻译一段文字：文章里的句子用已存的译文，否则需要 AI',
    input: z.object({ text: text('要翻译的文字', { max: 2000 }) }),
    output: transSchema,
  }),
  'ai.analyze': endpoint({
    method: 'POST',
    path: '/api/english/analyze',
    role: 'user',
    summary: '句子解析：从句、主谓宾、时态、词性、难词释义',
    input: z.object({ text: text('句子', { max: 1000 }) }),
    output: analysisSchema,
  }),
  'ai.entity': endpoint({
    method: 'GET',
    path: '/api/ai/entity',
    role: 'user',
    summary: '人名、地名、机构等：是谁/是什么（中文），以及在我们文章里出现的地方',
    input: z.object({ name: text('名称', { max: 100 }) }),
    output: entitySchema,
  }),
  'ai.retranslate': endpoint({
    method: 'POST',
    path: '/reader/article/{id}/retranslate',
    role: 'manager',
    summary: '重新翻译文章各段（后台任务，可看进度）：cache 为 true 时保留已有译文，ai 为 true 时用 AI 翻译',
    input: z.object({ id: id('文章 id'), ai: flag('ai').default(false), cache: flag('cache').default(true) }),
    // The spec writes them in the address: POST /reader/article/{id}/retranslate?ai&cache.
    query: ['ai', 'cache'],
    output: z.object({ task_id: z.number().int() }),
  }),
  'ai.questions': endpoint({
    method: 'GET',
    path: '/api/ai/questions',
    role: 'user',
    summary:
      '读后理解题：配置了 AI 时由 AI 出选择题（按文章版本和模型缓存），否则为从文章要点句中挖空的离线填空题；供 /flashcard/articleQuestion 使用',
    input: z.object({ article_id: id('文章 id') }),
    output: questionsSchema,
  }),
  'ai.usage': endpoint({
    method: 'GET',
    path: '/api/ai/usage',
    role: 'user',
    summary: '我今天和本月的 AI 用量与额度',
    input: z.object({}),
    output: aiUsageSchema,
  }),
} as const;
