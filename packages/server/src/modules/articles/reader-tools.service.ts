import { satisfies, type ExamLevel } from '@changdu/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { NotFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import type { Ecdict } from '../dictionary/ecdict.js';
import { dayKey } from '../history/days.js';
import { articleMetaRepo } from './article-meta.repo.js';
import { toCard, toDetail } from './article.mapper.js';
import { articlesRepo, type ArticleRow } from './articles.repo.js';
import { levelWords, type LevelWord } from './level-words.js';
import { readerToolsRepo } from './reader-tools.repo.js';

const PAGE = 20;
const CACHE_LIMIT = 500;

/** Key words, level words, star and finished marks, and the dictionary's word-book hooks. */
export function readerToolsService(db: Db, clock: Clock, dict: Ecdict) {
  const repo = readerToolsRepo(db);
  const articles = articlesRepo(db);
  const meta = articleMetaRepo(db);
  // Level words depend only on the article's text and the level: cached until the article changes.
  const cache = new Map<string, LevelWord[]>();

  async function readable(id: number, actor: Actor): Promise<ArticleRow> {
    const row = await articles.findById(id);
    if (!row || (row.status !== 'published' && !satisfies(actor.role, 'manager'))) throw new NotFound('文章不存在或已下线');
    return row;
  }

  async function existing(id: number): Promise<ArticleRow> {
    const row = await articles.findById(id);
    if (!row) throw new NotFound('文章不存在');
    return row;
  }

  const wordList = async (id: number) => ({ list: await repo.words(id) });

  return {
    wordList,
    async addWord(editorId: number, id: number, input: { word: string; resolve: string; tag?: string | undefined }) {
      const row = await existing(id);
      await repo.putWord({
        article_id: id,
        word: input.word.toLowerCase(),
        resolve: input.resolve,
        tag: input.tag ?? null,
        created_by: editorId,
        created_at: clock.now().toISOString(),
      });
      await meta.addEvent(row.id, editorId, 'words', `添加重点词汇 ${input.word.toLowerCase()}`, clock.now().toISOString());
      return wordList(id);
    },
    async deleteWord(editorId: number, id: number, word: string) {
      await existing(id);
      if ((await repo.deleteWord(id, word.toLowerCase())) === 0) throw new NotFound('这篇文章没有这个重点词汇');
      await meta.addEvent(id, editorId, 'words', `删除重点词汇 ${word.toLowerCase()}`, clock.now().toISOString());
      return wordList(id);
    },

    /** Level words of what the caller may read (the preview of a locked article for non-members). */
    async levelWords(id: number, level: ExamLevel, actor: Actor) {
      const row = await readable(id, actor);
      const detail = toDetail(row, satisfies(actor.role, 'member'));
      const key = `${id}:${row.updated_at}:${level}:${detail.preview}`;
      let list = cache.get(key);
      if (!list) {
        list = levelWords(detail.paragraphs, level, dict);
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
        cache.set(key, list);
      }
      return { level, list };
    },

    async mark(actor: Extract<Actor, { kind: 'user' }>, id: number, action: 'star' | 'finish', status: boolean) {
      await readable(id, actor);
      const at = status ? clock.now().toISOString() : null;
      await repo.setMark(actor.user.id, id, action === 'star' ? { starred_at: at } : { finished_at: at });
      const mark = await repo.mark(actor.user.id, id);
      return { starred: Boolean(mark?.starred_at), finished: Boolean(mark?.finished_at) };
    },

    async starred(actor: Extract<Actor, { kind: 'user' }>, offset: number) {
      const rows = await repo.starred(actor.user.id, offset, PAGE + 1);
      const list = [];
      for (const r of rows) {
        const row = await articles.findById(r.article_id);
        if (row && row.status === 'published') list.push({ ...toCard(row), starred_at: r.starred_at! });
      }
      return pageOf(list, offset, PAGE);
    },

    /** The caller's marks on an article, for the reading page. */
    async marksOf(userId: number, id: number) {
      const mark = await repo.mark(userId, id);
      return { starred: Boolean(mark?.starred_at), finished: Boolean(mark?.finished_at) };
    },

    lookupHooks: {
      inWordBook: (userId: number, word: string) => repo.inWordBook(userId, word),
      recordLookup: (userId: number, word: string) => repo.recordLookup(userId, dayKey(clock.now()), word),
    },
  };
}

export type ReaderToolsService = ReturnType<typeof readerToolsService>;
