import { pageOf } from '../../lib/page.js';
import type { UserActor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../db/client.js';
import type { ArticlesService } from './articles.service.js';
import { marksRepo } from './marks.repo.js';

const PAGE = 20;


/** A reader's star and finished marks: set by hand on the reading page, or finished by reading. */
export function marksService(db: Db, clock: Clock, articles: Pick<ArticlesService, 'assertOpenable' | 'withCards'>) {
  const repo = marksRepo(db);

  async function marksOf(userId: number, articleId: number) {
    const mark = await repo.mark(userId, articleId);
    return { starred: Boolean(mark?.starred_at), finished: Boolean(mark?.finished_at) };
  }

  return {
    marksOf,

    async mark(actor: UserActor, id: number, action: 'star' | 'finish', status: boolean) {
      await articles.assertOpenable(actor, id);
      const at = status ? clock.now().toISOString() : null;
      await repo.set(actor.user.id, id, action === 'star' ? { starred_at: at } : { finished_at: at });
      return marksOf(actor.user.id, id);
    },

    /** Which of these articles the reader has finished (read marks for a list), in one query. */
    finishedAmong: async (userId: number, articleIds: readonly number[]) =>
      new Set((await repo.finishedAmong(userId, articleIds)).map((r) => r.article_id)),

    /** Finishing an article by reading it: keeps the first time it was finished. */
    markFinished: (userId: number, articleId: number, at: string) => repo.finishOnce(userId, articleId, at),

    async starred(actor: UserActor, offset: number) {
      const rows = await repo.starred(actor.user.id, offset, PAGE + 1);
      const list = await articles.withCards(
        rows,
        (r) => r.article_id,
        actor.role,
        (r) => ({ starred_at: r.starred_at! }),
      );
      return pageOf(list, offset, PAGE);
    },
  };
}

export type MarksService = ReturnType<typeof marksService>;
