import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import { transaction } from '../../db/client.js';
import { articleMetaRepo } from './article-meta.repo.js';
import { articlesRepo } from './articles.repo.js';
import { keyWordsRepo } from './key-words.repo.js';

/** Editors' key words of an article; each change is written to the article's change history with it. */
export function keyWordsService(db: Db, clock: Clock) {
  const repo = keyWordsRepo(db);
  const articles = articlesRepo(db);
  const meta = articleMetaRepo(db);

  async function existing(id: number) {
    if (!(await articles.findById(id))) throw new NotFound('文章不存在');
  }

  const list = async (id: number) => ({ list: await repo.list(id) });

  return {
    list,

    async add(editorId: number, id: number, input: { word: string; resolve: string; tag?: string | undefined }) {
      await existing(id);
      const word = input.word.toLowerCase();
      const now = clock.now().toISOString();
      await transaction(db, async () => {
        await repo.put({ article_id: id, word, resolve: input.resolve, tag: input.tag ?? null, created_by: editorId, created_at: now });
        await meta.addEvent(id, editorId, 'words', `添加重点词汇 ${word}`, now);
      });
      return list(id);
    },

    async remove(editorId: number, id: number, raw: string) {
      await existing(id);
      const word = raw.toLowerCase();
      await transaction(db, async () => {
        if ((await repo.remove(id, word)) === 0) throw new NotFound('这篇文章没有这个重点词汇');
        await meta.addEvent(id, editorId, 'words', `删除重点词汇 ${word}`, clock.now().toISOString());
      });
      return list(id);
    },
  };
}

export type KeyWordsService = ReturnType<typeof keyWordsService>;
