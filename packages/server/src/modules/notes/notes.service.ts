import { formatArticleNotes, type Note } from '@changdu/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import type { ArticlesService } from '../articles/index.js';
import { notesRepo, type NoteRow } from './notes.repo.js';

const PAGE = 20;
const MAX_DATA = 2048;

export interface NoteInput {
  note_uuid: string;
  text: string;
  comment: string;
  root: string;
  tag?: string | undefined;
  color: Note['color'];
  data?: Record<string, unknown> | undefined;
  is_public: boolean;
}

function toNote(row: NoteRow, viewerId: number | null): Note {
  const mine = row.user_id === viewerId;
  return {
    id: row.id,
    note_uuid: row.note_uuid,
    article_id: row.article_id,
    text: row.text,
    comment: row.comment,
    root: row.root,
    tag: row.tag,
    color: row.color as Note['color'],
    data: JSON.parse(row.data) as unknown,
    is_public: row.is_public === 1,
    mine,
    user: mine || row.username === null ? null : { id: row.user_id, username: row.username },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Highlights and notes: private to their owner unless made public; only the owner changes them. */
export function notesService(db: Db, clock: Clock, articles: Pick<ArticlesService, 'readable' | 'visibleParagraphIds' | 'cards' | 'withCards'>) {
  const repo = notesRepo(db);
  const readable = async (articleId: number, actor: Actor) => (await articles.readable(actor, articleId)).row;
  /** Ids of the paragraphs this caller may read (a non-member's members-only article: the preview). */
  const visibleRoots = (articleId: number, actor: Actor) => articles.visibleParagraphIds(actor, articleId);

  return {
    async add(actor: Extract<Actor, { kind: 'user' }>, articleId: number, input: NoteInput): Promise<Note> {
      if (!(await visibleRoots(articleId, actor)).has(input.root)) throw new Invalid('划线位置不在这篇文章里');
      const data = JSON.stringify(input.data ?? {});
      if (data.length > MAX_DATA) throw new Invalid('位置数据太大');
      const now = clock.now().toISOString();
      const userId = actor.user.id;
      const fields = {
        text: input.text,
        comment: input.comment,
        root: input.root,
        tag: input.tag ?? null,
        color: input.color,
        data,
        is_public: input.is_public ? 1 : 0,
      };
      // One statement, so a double tap (two requests with one note_uuid) updates instead of failing.
      const row = await repo.upsert({
        user_id: userId,
        article_id: articleId,
        note_uuid: input.note_uuid,
        ...fields,
        created_at: now,
        updated_at: now,
      });
      if (row === null) throw new Conflict('这个笔记标识已用于另一篇文章');
      // The caller's own note: its answer names no user, so the row as written is all it needs.
      return toNote({ ...row, username: null }, userId);
    },

    async mine(actor: Extract<Actor, { kind: 'user' }>, articleId: number) {
      await readable(articleId, actor);
      return { list: (await repo.mine(actor.user.id, articleId)).map((r) => toNote(r, actor.user.id)) };
    },

    async all(actor: Actor, articleId: number) {
      const roots = await visibleRoots(articleId, actor);
      const viewerId = actor.kind === 'user' ? actor.user.id : null;
      // Others' highlights quote the article: only those in paragraphs this caller may read.
      const list = (await repo.visible(viewerId, articleId)).filter((r) => r.user_id === viewerId || roots.has(r.root)).map((r) => toNote(r, viewerId));
      return { list, counts: { mine: list.filter((n) => n.mine).length, public: list.filter((n) => !n.mine).length } };
    },

    async delete(actor: Extract<Actor, { kind: 'user' }>, articleId: number, uuid: string) {
      if ((await repo.deleteMine(actor.user.id, articleId, uuid)) === 0) throw new NotFound('笔记不存在');
      return { ok: true as const };
    },

    async articles(actor: Extract<Actor, { kind: 'user' }>, offset: number) {
      const rows = await repo.articles(actor.user.id, offset, PAGE + 1);
      const list = await articles.withCards(
        rows,
        (r) => r.article_id,
        actor.role,
        (r) => ({ note_count: Number(r.note_count), last_noted_at: String(r.last_noted_at) }),
      );
      return pageOf(list, offset, PAGE);
    },

    async ofArticle(actor: Extract<Actor, { kind: 'user' }>, articleId: number) {
      const [cards, notes] = await Promise.all([articles.cards([articleId], actor.role), repo.mine(actor.user.id, articleId)]);
      const card = cards.get(articleId);
      if (!card || notes.length === 0) throw new NotFound('这篇文章还没有你的笔记');
      return { article: card, list: notes.map((r) => toNote(r, actor.user.id)) };
    },

    /** Every note of the user as one text file, article by article. */
    async export(actor: Extract<Actor, { kind: 'user' }>): Promise<string> {
      const rows = await repo.allOf(actor.user.id);
      const ids = [...new Set(rows.map((r) => r.article_id))];
      const cards = await articles.cards(ids, actor.role);
      const blocks = ids.flatMap((articleId) => {
        const card = cards.get(articleId);
        return card
          ? [
              formatArticleNotes(
                card,
                rows.filter((r) => r.article_id === articleId),
              ),
            ]
          : [];
      });
      const day = clock.now().toISOString().slice(0, 10);
      const header = `畅读 · 我的笔记（${actor.user.username}，导出于 ${day}）`;
      return [header, ...(blocks.length ? blocks : ['还没有笔记。'])].join('\n\n————————\n\n') + '\n';
    },
  };
}

export type NotesService = ReturnType<typeof notesService>;
