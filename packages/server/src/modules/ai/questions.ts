import type { Paragraph } from '@changdu/contract';
import { z } from 'zod';
import type { ArticlesService } from '../articles/index.js';
import { visibleParagraphs } from '../articles/index.js';
import type { Ecdict } from '../dictionary/index.js';
import { TooMany } from '../../lib/errors.js';
import { hashKey, parseJsonObject, type AiCalls } from './calls.js';
import { clozeQuestions } from './offline.js';
import * as prompts from './prompts.js';
import type { UserActor } from './quota.js';

const COUNT = 5;

export interface Question {
  kind: 'cloze' | 'choice';
  paragraph_id: string;
  text: string;
  options: string[];
  answer: string;
  headword: string | null;
  hint: string | null;
  explanation: string | null;
}

const modelQuestion = z.object({
  paragraph_id: z.string(),
  question: z.string().trim().min(1).max(300),
  options: z.array(z.string().trim().min(1).max(200)).min(2).max(5),
  answer: z.string().trim().min(1),
  key_word: z.string().trim().nullish(),
  explanation: z.string().trim().max(500).nullish(),
});

/** A letter answer ("B", "B.") names an option by position; otherwise the answer is the option's text. */
function chosenOption(answer: string, options: string[]): string | null {
  const exact = options.find((o) => o === answer);
  if (exact) return exact;
  const letter = /^([A-E])[.)、．]?$/i.exec(answer)?.[1];
  return letter ? (options[letter.toUpperCase().charCodeAt(0) - 65] ?? null) : null;
}

/**
 * The model's questions, kept only where they hold up: a paragraph of this article, distinct
 * options, an answer that is one of them, a key word that stands in that paragraph. Null when
 * none does (the reader then gets the offline cloze questions).
 */
export function validQuestions(text: string, paragraphs: Paragraph[]): Question[] | null {
  const list = parseJsonObject(text)?.questions;
  if (!Array.isArray(list)) return null;
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  const out: Question[] = [];
  for (const item of list) {
    const parsed = modelQuestion.safeParse(item);
    if (!parsed.success) continue;
    const q = parsed.data;
    const paragraph = byId.get(q.paragraph_id);
    if (!paragraph || new Set(q.options).size !== q.options.length) continue;
    const answer = chosenOption(q.answer, q.options);
    if (!answer) continue;
    const word = q.key_word && /^[A-Za-z][A-Za-z'-]*$/.test(q.key_word) ? q.key_word : null;
    const inParagraph = word !== null && new RegExp(`\\b${word}\\b`, 'i').test(paragraph.text);
    out.push({
      kind: 'choice',
      paragraph_id: q.paragraph_id,
      text: q.question,
      options: q.options,
      answer,
      headword: inParagraph ? word.toLowerCase() : null,
      hint: null,
      explanation: q.explanation || null,
    });
    if (out.length === COUNT) break;
  }
  return out.length ? out : null;
}

/** Comprehension questions for an article the reader finished: the model's, or offline cloze from its key sentences. */
export function questionsFeature(calls: AiCalls, deps: { dict: Ecdict; articles: Pick<ArticlesService, 'readable'> }) {
  const { repo, model } = calls;

  return async function questions(actor: UserActor, articleId: number) {
    const readable = await deps.articles.readable(actor, articleId);
    const paragraphs = visibleParagraphs(readable.row, readable.full).filter((p) => p.kind !== 'figure' && p.text.trim());
    const base = { article_id: articleId, article_title: readable.row.title };
    const offline = (quotaNotice: string | null = null) => ({
      ...base,
      questions: clozeQuestions(paragraphs, deps.dict, COUNT).map((q): Question => ({
        kind: 'cloze',
        ...q,
        options: [],
        explanation: null,
      })),
      offline: true,
      model: null,
      cached: false,
      quota_notice: quotaNotice,
    });
    // As with summaries: questions over a locked article's whole text would give away what the preview hides.
    if (!calls.provider || !readable.full) return offline();
    const key = hashKey(['questions', model, articleId, readable.row.updated_at]);
    const hit = await repo.cached(key);
    if (hit) return { ...base, questions: JSON.parse(hit) as Question[], offline: false, model, cached: true, quota_notice: null };
    // Over quota the reader still gets questions, the offline ones, free: unlike an answer or a
    // summary, they have an offline equivalent worth giving. The quota's own words say when it resets.
    try {
      await calls.quota.check(actor);
    } catch (error) {
      if (error instanceof TooMany) return offline(error.message);
      throw error;
    }
    const made = await calls.collect(actor, {
      key,
      request: { messages: prompts.questionsMessages(readable.row.title, paragraphs, COUNT), maxTokens: 2000, json: true },
      finish: async (text) => {
        const valid = validQuestions(text, paragraphs);
        // A malformed answer is not kept: the next reader's request asks the model again.
        if (valid) await repo.keep(key, 'questions', model!, JSON.stringify(valid), calls.now());
        return { questions: valid, cached: false };
      },
      joined: (result) => ({ ...result, cached: true }),
    });
    if (!made.questions) return offline();
    return { ...base, questions: made.questions, offline: false, model, cached: made.cached, quota_notice: null };
  };
}
