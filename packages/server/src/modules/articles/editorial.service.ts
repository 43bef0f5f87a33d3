import {
  levelLabels,
  statusLabels,
  topics as topicLabels,
  type ArticleEdit,
  type ArticleManage,
  type ArticleStatus,
  type Paragraph,
} from '@changdu/contract';
import { transaction, type Db } from '../../db/client.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import { learnerSetsKind, redownloadArticleKind, type Enqueue } from '../../jobs/kinds.js';
import type { Ecdict } from '../dictionary/index.js';
import { articleMetaRepo } from './article-meta.repo.js';
import { parseParagraphs, prepareContent } from './article-content.js';
import { missingTranslationWarning, toCard, toManage } from './article.mapper.js';
import { articlesRepo, type ArticleRow } from './articles.repo.js';
import { keyWordsRepo } from './key-words.repo.js';
import { keepStableIds, newParagraphId, paragraphFromText } from './structure.js';

const DOUBLE_SUBMIT_MS = 10_000;
const PAGE = 20;

export interface Editor {
  id: number;
}

/** A body as an ingest produced it, ready to become or refresh an article. */
export interface IngestedArticle {
  title: string;
  summary: string | null;
  byline: string | null;
  source: string | null;
  url: string | null;
  feedId: number | null;
  cover: string | null;
  topics: string[];
  publishedAt: string | null;
  paragraphs: Paragraph[];
}

/**
 * Paragraphs as an editor sent them: a known id keeps its paragraph (and its inline
 * formatting when the text is unchanged); new or unknown ids get fresh ones.
 */
function editedParagraphs(current: Paragraph[], sent: NonNullable<ArticleEdit['paragraphs']>): Paragraph[] {
  const byId = new Map(current.map((p) => [p.id, p]));
  const used = new Set<string>();
  return sent.flatMap((p) => {
    const old = p.id && !used.has(p.id) ? byId.get(p.id) : undefined;
    const zh = p.zh ?? null;
    // Images cannot be typed in: a figure is kept as it was (with its translation) or left out.
    if (p.kind === 'figure') {
      if (old?.kind !== 'figure') return [];
      used.add(old.id);
      return [{ ...old, zh }];
    }
    if (!old) return [paragraphFromText(p.kind, p.text, zh, newParagraphId())];
    used.add(old.id);
    const unchanged = old.text === p.text.replace(/\s+/g, ' ').trim() && old.kind === p.kind;
    return [unchanged ? { ...old, zh } : paragraphFromText(p.kind, p.text, zh, old.id)];
  });
}

/** What an edit changed, in words for the history. */
function describeChanges(before: ArticleRow, after: ArticleRow, paragraphsBefore: Paragraph[], paragraphsAfter: Paragraph[]): string {
  const changes: string[] = [];
  const field = (label: string, a: unknown, b: unknown) => a !== b && changes.push(label);
  field('英文标题', before.title, after.title);
  field('中文标题', before.title_zh, after.title_zh);
  field('摘要', before.summary, after.summary);
  field('中文摘要', before.summary_zh, after.summary_zh);
  field('作者', before.author_name, after.author_name);
  field('话题', before.topics, after.topics);
  if (before.level_override !== after.level_override) {
    changes.push(`难度（${after.level_override ? levelLabels[after.level_override as keyof typeof levelLabels] : '自动'}）`);
  }
  const oldById = new Map(paragraphsBefore.map((p) => [p.id, p]));
  const textChanged =
    paragraphsAfter.filter((p) => oldById.get(p.id)?.text !== p.text).length +
    Math.max(0, paragraphsBefore.length - paragraphsAfter.length);
  const zhChanged = paragraphsAfter.filter(
    (p) => oldById.has(p.id) && oldById.get(p.id)!.text === p.text && oldById.get(p.id)!.zh !== p.zh,
  ).length;
  if (textChanged) changes.push(`正文 ${textChanged} 段`);
  if (zhChanged) changes.push(`译文 ${zhChanged} 段`);
  return changes.length ? `修改了${changes.join('、')}` : '保存（无改动）';
}

/** The managers' side: the article table, edits, lock, audit, publish, delete, and ingest. */
export function editorialService(db: Db, clock: Clock, dict: Ecdict, jobs: Enqueue) {
  const repo = articlesRepo(db);
  const meta = articleMetaRepo(db);
  const now = () => clock.now().toISOString();

  async function load(id: number): Promise<ArticleRow> {
    const row = await repo.findById(id);
    if (!row) throw new NotFound('文章不存在');
    return row;
  }

  async function manageView(id: number): Promise<ArticleManage> {
    const row = await load(id);
    const events = (await meta.events(id)).map((e) => ({
      id: e.id,
      action: e.action,
      detail: e.detail,
      user: e.user_id !== null && e.username !== null ? { id: e.user_id, username: e.username } : null,
      created_at: e.created_at,
    }));
    return toManage(row, events, await keyWordsRepo(db).list(id));
  }

  /** Publishing is allowed without Chinese; the answer says what readers will miss. */
  function withPublishWarning(view: ArticleManage): ArticleManage {
    return { ...view, warning: missingTranslationWarning(view.translation) };
  }

  async function log(id: number, editor: Editor | null, action: string, detail: string) {
    await meta.addEvent(id, editor?.id ?? null, action, detail, now());
  }

  /** A published article's new version has its learner sets made now, not when its first reader opens a list (docs/learner.md). */
  async function queueLearnerSets(id: number, status: ArticleStatus): Promise<void> {
    if (status === 'published') await jobs.enqueue(learnerSetsKind, { article_id: id });
  }

  async function authorId(name: string | null | undefined): Promise<number | null> {
    return name ? meta.authorId(name, now()) : null;
  }

  return {
    manageView,

    async list(filter: { status?: ArticleStatus | undefined; source?: string | undefined; q?: string | undefined }, offset: number) {
      const rows = await repo.list(filter, offset, PAGE + 1);
      return pageOf(
        rows.map((r) => ({ ...toCard(r), status: r.status, url: r.url, updated_at: r.updated_at })),
        offset,
        PAGE,
      );
    },

    async create(
      editor: Editor,
      article: Omit<ArticleEdit, 'title' | 'paragraphs'> & { title: string; paragraphs: NonNullable<ArticleEdit['paragraphs']> },
    ) {
      const paragraphs = editedParagraphs([], article.paragraphs);
      const content = prepareContent(paragraphs, dict);
      const id = await transaction(db, async () => {
        // The same draft submitted twice within seconds (a double tap on 保存) is one draft.
        await meta.lockDraftCreation(editor.id, article.title);
        const since = new Date(clock.now().getTime() - DOUBLE_SUBMIT_MS).toISOString();
        const same = await meta.recentDraftBy(editor.id, article.title, content.body_text, since);
        if (same !== null) return same;
        const id = await repo.create({
          title: article.title,
          title_zh: article.title_zh ?? null,
          summary: article.summary ?? null,
          summary_zh: article.summary_zh ?? null,
          author_id: await authorId(article.author ?? null),
          source: '畅读编辑部',
          topics: article.topics ?? [],
          ...content,
          level_override: article.level ?? null,
          now: now(),
        });
        await log(id, editor, 'create', '手动新建草稿');
        return id;
      });
      return manageView(id);
    },

    async update(editor: Editor, id: number, edit: ArticleEdit) {
      const before = await load(id);
      const paragraphsBefore = parseParagraphs(before.content);
      const paragraphs = edit.paragraphs ? editedParagraphs(paragraphsBefore, edit.paragraphs) : paragraphsBefore;
      const topics = edit.topics ? [...new Set(edit.topics)] : undefined;
      const author = edit.author !== undefined ? { author_id: await authorId(edit.author) } : {};
      await transaction(db, async () => {
        await repo.update(
          id,
          {
            ...(edit.title !== undefined ? { title: edit.title } : {}),
            // Absent leaves a field as it is; null (or '') clears it.
            ...(edit.title_zh !== undefined ? { title_zh: edit.title_zh } : {}),
            ...(edit.summary !== undefined ? { summary: edit.summary } : {}),
            ...(edit.summary_zh !== undefined ? { summary_zh: edit.summary_zh } : {}),
            ...author,
            ...(topics ? { topics: JSON.stringify(topics) } : {}),
            ...(edit.level !== undefined ? { level_override: edit.level } : {}),
            ...(edit.paragraphs ? prepareContent(paragraphs, dict) : {}),
            updated_at: now(),
          },
          topics,
        );
        const after = await load(id);
        await log(id, editor, 'update', describeChanges(before, after, paragraphsBefore, paragraphs));
      });
      await queueLearnerSets(id, before.status);
      return manageView(id);
    },

    async lock(editor: Editor, id: number, isLock: boolean) {
      const row = await load(id);
      await transaction(db, async () => {
        await repo.update(id, { is_lock: isLock ? 1 : 0, updated_at: now() });
        await log(id, editor, isLock ? 'lock' : 'unlock', isLock ? '设为会员文章' : '取消会员限制');
      });
      await queueLearnerSets(id, row.status);
      return manageView(id);
    },

    async audit(editor: Editor, id: number, action: 'approve' | 'reject', reason: string | undefined) {
      const row = await load(id);
      if (action === 'approve') {
        if (row.status === 'published') throw new Conflict('文章已经发布了');
        await transaction(db, async () => {
          await repo.update(id, { status: 'published', reject_reason: null, published_at: row.published_at ?? now(), updated_at: now() });
          await log(id, editor, 'audit', '审核通过并发布');
        });
        await queueLearnerSets(id, 'published');
        return withPublishWarning(await manageView(id));
      } else {
        if (!reason) throw new Invalid('请写明退回原因');
        if (row.status === 'rejected') throw new Conflict('文章已经退回了');
        await transaction(db, async () => {
          await repo.update(id, { status: 'rejected', reject_reason: reason, updated_at: now() });
          await log(id, editor, 'audit', `退回：${reason}`);
        });
      }
      return manageView(id);
    },

    async publish(editor: Editor, id: number, status: ArticleStatus, publishedAt: string | undefined) {
      const row = await load(id);
      const at = publishedAt ? new Date(publishedAt).toISOString() : undefined;
      await transaction(db, async () => {
        await repo.update(id, {
          status,
          ...(at ? { published_at: at } : status === 'published' && !row.published_at ? { published_at: now() } : {}),
          ...(status === 'published' ? { reject_reason: null } : {}),
          updated_at: now(),
        });
        await log(id, editor, 'publish', `状态改为「${statusLabels[status]}」${at ? `，发布时间 ${at}` : ''}`);
      });
      await queueLearnerSets(id, status);
      const view = await manageView(id);
      return status === 'published' ? withPublishWarning(view) : view;
    },

    async delete(editor: Editor, id: number) {
      await load(id);
      await repo.delete(id);
      return { ok: true as const };
    },

    /**
     * A finished article brought in whole (translations included) and published at once, as the
     * demo content is on first start. The change history records who brought it in.
     */
    async importPublished(item: IngestedArticle & { title_zh: string | null; summary_zh: string | null; isLock: boolean }) {
      const id = await transaction(db, async () => {
        const id = await repo.create({
          status: 'published',
          title: item.title,
          title_zh: item.title_zh,
          summary: item.summary,
          summary_zh: item.summary_zh,
          author_id: await authorId(item.byline),
          source: item.source,
          url: item.url,
          topics: item.topics,
          ...prepareContent(item.paragraphs, dict),
          is_lock: item.isLock ? 1 : 0,
          published_at: item.publishedAt ?? now(),
          now: now(),
        });
        await log(id, null, 'create', '导入并发布');
        return id;
      });
      await queueLearnerSets(id, 'published');
      return id;
    },

    /** Whether any article exists (first start seeds demo content only into an empty library). */
    isEmpty: async () => (await repo.list({}, 0, 1)).length === 0,

    /** A new draft from an ingest; the same URL twice gives the existing article (idempotent). */
    async ingest(item: IngestedArticle, editor: Editor | null): Promise<number> {
      if (item.url) {
        const existing = await repo.findByUrl(item.url);
        if (existing) return existing.id;
      }
      return transaction(db, async () => {
        const id = await repo.create({
          title: item.title,
          summary: item.summary,
          author_id: await authorId(item.byline),
          source: item.source,
          url: item.url,
          feed_id: item.feedId,
          cover: item.cover,
          topics: item.topics,
          ...prepareContent(item.paragraphs, dict),
          published_at: item.publishedAt,
          now: now(),
        });
        await log(id, editor, 'create', item.feedId ? '从 RSS 下载生成草稿' : '抓取生成草稿');
        return id;
      });
    },

    /** Re-extraction: paragraphs whose text is unchanged keep their ids and the editors' translations. */
    async refresh(id: number, paragraphs: Paragraph[], editor: Editor | null) {
      const row = await load(id);
      const merged = keepStableIds(parseParagraphs(row.content), paragraphs);
      const kept = merged.filter((p) => parseParagraphs(row.content).some((o) => o.id === p.id)).length;
      await transaction(db, async () => {
        await repo.update(id, { ...prepareContent(merged, dict), updated_at: now() });
        await log(id, editor, 'redownload', `重新抽取正文：${merged.length} 段，其中 ${kept} 段未变（保留译文）`);
      });
      await queueLearnerSets(id, row.status);
      return manageView(id);
    },

    /**
     * Sets the Chinese of paragraphs by id (retranslation); paragraphs not named, or gone since,
     * are left as they are. Answers how many changed.
     */
    async setTranslations(id: number, zhById: ReadonlyMap<string, string>, editor: Editor | null, detail: string): Promise<number> {
      const { changed, status } = await transaction(db, async () => {
        const row = await load(id);
        let changed = 0;
        const paragraphs = parseParagraphs(row.content).map((p) => {
          const zh = zhById.get(p.id);
          if (zh === undefined || zh === p.zh) return p;
          changed++;
          return { ...p, zh };
        });
        if (changed > 0) {
          await repo.update(id, { ...prepareContent(paragraphs, dict), updated_at: now() });
          await log(id, editor, 'retranslate', detail);
        }
        return { changed, status: row.status };
      });
      if (changed > 0) await queueLearnerSets(id, status);
      return changed;
    },

    async requireUrl(id: number): Promise<string> {
      const row = await load(id);
      if (!row.url) throw new Invalid('这篇文章没有原文地址，无法重新抽取');
      return row.url;
    },

    /** Queues extracting the article again from its source address, keeping what editors did. */
    async queueRedownload(id: number, by: number) {
      await this.requireUrl(id);
      const task = await jobs.enqueue(redownloadArticleKind, { article_id: id, user_id: by }, { createdBy: by });
      return { task_id: task.id };
    },

    topicLabel: (topic: string) => topicLabels[topic as keyof typeof topicLabels] ?? topic,
  };
}

export type EditorialService = ReturnType<typeof editorialService>;
