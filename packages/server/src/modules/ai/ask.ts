import type { AiAsk } from '@changdu/contract';
import { Invalid, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import type { Streamed } from '../../lib/streamed.js';
import type { ArticlesService } from '../articles/index.js';
import { visibleParagraphs } from '../articles/index.js';
import type { NotesService } from '../notes/index.js';
import type { WordsService } from '../words/index.js';
import type { AskRow } from './ai.repo.js';
import { answerOf, hashKey, OFFLINE, type AiCalls } from './calls.js';
import { bestPassages, citationsIn } from './offline.js';
import * as prompts from './prompts.js';
import type { UserActor } from './quota.js';

const PAGE = 20;

export interface AskInput {
  prompt: string;
  article_id?: number | undefined;
  pos?: string | undefined;
  selection?: string | undefined;
  source: 'ARTICLE' | 'FREE';
  stream: boolean;
}

function toAsk(row: AskRow, cached = false): AiAsk {
  return {
    id: row.id,
    prompt: row.prompt,
    article_id: row.article_id,
    article_title: row.article_title,
    pos: row.pos,
    source: row.source,
    answer: row.answer,
    citations: JSON.parse(row.citations) as string[],
    tokens: row.tokens,
    created_at: row.created_at,
    offline: row.offline === 1,
    model: row.model,
    cached,
  };
}

function offlineAskAnswer(g: prompts.AskGrounding): string {
  const parts = [`【${OFFLINE}回答】没有配置 AI 服务，以下是文章中与问题最相关的段落原文${g.notes.length ? '和你的笔记' : ''}：`];
  for (const p of g.paragraphs) parts.push(`[${p.id}] “${p.text}”${p.zh ? `\n译文：${p.zh}` : ''}`);
  for (const n of g.notes) parts.push(`你的笔记 [${n.paragraphId}]：「${n.text}」${n.comment ? ` —— ${n.comment}` : ''}`);
  return parts.join('\n\n');
}

/** Questions about what the reader is reading: grounded in its paragraphs, their notes and word book; stored, owner-only. */
export function askFeature(
  calls: AiCalls,
  deps: {
    articles: Pick<ArticlesService, 'readable' | 'assertOpenable'>;
    notes: Pick<NotesService, 'mine'>;
    words: Pick<WordsService, 'ofArticle'>;
  },
) {
  const { repo, model } = calls;

  async function grounding(actor: UserActor, articleId: number, question: string, pos: string | undefined, selection: string | undefined) {
    const readable = await deps.articles.readable(actor, articleId);
    // The reader's notes and word book do not depend on which paragraphs are chosen: fetched while they are.
    const [notes, wordBook] = await Promise.all([deps.notes.mine(actor, articleId), deps.words.ofArticle(actor, articleId, 0, 40)]);
    const all = visibleParagraphs(readable.row, readable.full).filter((p) => p.kind !== 'figure');
    const at = pos ? pos.replace(/-s\d+$/, '') : null;
    const chosen = new Set<string>();
    if (at && all.some((p) => p.id === at)) chosen.add(at);
    for (const p of bestPassages(all, (x) => x.text, `${question} ${selection ?? ''}`, 3)) chosen.add(p.id);
    if (chosen.size === 0) for (const p of all.slice(0, 3)) chosen.add(p.id);
    // Most relevant first: the paragraph asked about, then by match (the offline answer quotes them in this order).
    const paragraphs = [...chosen].map((pid) => all.find((p) => p.id === pid)!);
    const noted = notes.list
      .filter((n) => chosen.has(n.root) || bestPassages([n], (x) => `${x.text} ${x.comment}`, question, 1).length > 0)
      .slice(0, 8)
      .map((n) => ({ paragraphId: n.root, text: n.text, comment: n.comment }));
    return {
      row: readable.row,
      all,
      grounding: {
        title: readable.row.title,
        paragraphs,
        selection: selection ?? null,
        notes: noted,
        wordBook: wordBook.list.map((w) => w.word),
      },
    };
  }

  async function ask(actor: UserActor, input: AskInput, signal: AbortSignal): Promise<AiAsk | Streamed<AiAsk>> {
    if (input.source === 'ARTICLE' && input.article_id === undefined) throw new Invalid('请指定文章（article_id）');
    const found =
      input.article_id !== undefined ? await grounding(actor, input.article_id, input.prompt, input.pos, input.selection) : null;
    const key = hashKey([
      'ask',
      model ?? OFFLINE,
      input.article_id ?? null,
      found?.row.updated_at ?? null,
      input.pos ?? null,
      input.selection ?? null,
      input.source,
      input.prompt,
    ]);
    const earlier = await repo.askByKey(actor.user.id, key);
    if (earlier) return answerOf(input.stream, earlier.answer, toAsk(earlier, true));

    const store = async (answer: string, tokens: number, offline: boolean) => {
      const known = new Set((found?.all ?? []).map((p) => p.id));
      const id = await repo.insertAsk({
        user_id: actor.user.id,
        article_id: input.article_id ?? null,
        pos: input.pos ?? null,
        selection: input.selection ?? null,
        source: input.source,
        prompt: input.prompt,
        answer,
        citations: JSON.stringify(citationsIn(answer, known)),
        model: offline ? null : model,
        offline: offline ? 1 : 0,
        tokens,
        cache_key: key,
        created_at: calls.now(),
      });
      return toAsk((await repo.askById(id))!);
    };

    if (!calls.provider) {
      const answer = found
        ? offlineAskAnswer(found.grounding)
        : `【${OFFLINE}回答】没有配置 AI 服务，无法回答与文章无关的问题。请在文章里选中句子或段落再提问。`;
      return answerOf(input.stream, answer, await store(answer, 0, true));
    }
    return calls.deliver(actor, input.stream, {
      // Stored asks are the reader's own: only their identical ask joins this one.
      key: `${actor.user.id}:${key}`,
      request: { messages: prompts.askMessages(input.prompt, found?.grounding ?? null), maxTokens: 1200 },
      finish: (answer, usage) => store(answer, usage.totalTokens, false),
      joined: (stored) => ({ ...stored, cached: true }),
      signal,
    });
  }

  return {
    ask,
    async askShow(actor: UserActor, id: number) {
      const row = await repo.askById(id);
      // Another reader's question is as absent as a missing one.
      if (!row || row.user_id !== actor.user.id) throw new NotFound('提问不存在');
      return toAsk(row);
    },
    async history(
      actor: UserActor,
      input: { article_id?: number | undefined; offset: number; all: boolean; source?: 'ARTICLE' | 'FREE' | undefined },
    ) {
      // An article the reader may not open is as absent as a missing one, even in their own list.
      if (!input.all && input.article_id !== undefined) await deps.articles.assertOpenable(actor, input.article_id);
      const rows = await repo.history(
        actor.user.id,
        { articleId: input.all ? undefined : input.article_id, source: input.source },
        input.offset,
        PAGE + 1,
      );
      return pageOf(
        rows.map((r) => toAsk(r)),
        input.offset,
        PAGE,
      );
    },
  };
}
