import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, transaction } from '../../db/client.js';
import { tablesOf } from '../../db/ownership.js';

/** Authors, the change history and reading views of articles. */
export function articleMetaRepo(db: Db) {
  const own = tablesOf(db, 'articles');
  const findAuthor = (name: string) =>
    own.query
      .selectFrom('authors')
      .selectAll()
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  return {
    findAuthorById: (id: number) => own.query.selectFrom('authors').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The author of that name, created on first use. */
    async authorId(name: string, now: string): Promise<number> {
      const existing = await findAuthor(name);
      if (existing) return existing.id;
      try {
        const { id } = await own.query
          .insertInto('authors')
          .values({ name, bio: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      } catch (error) {
        // Two ingests naming the same new author at once: the other one created it.
        const raced = isUniqueViolation(error) ? await findAuthor(name) : undefined;
        if (raced) return raced.id;
        throw error;
      }
    },

    countPublishedBy: async (authorId: number) =>
      Number(
        (
          await own.query
            .selectFrom('articles')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('author_id', '=', authorId)
            .where('status', '=', 'published')
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async addEvent(articleId: number, userId: number | null, action: string, detail: string, now: string) {
      await own.query
        .insertInto('article_events')
        .values({ article_id: articleId, user_id: userId, action, detail, created_at: now })
        .execute();
    },

    /**
     * Holds back a second creation of the same title by the same editor until this transaction
     * ends (PostgreSQL; SQLite runs one transaction at a time anyway), so a double submit sees the first.
     */
    async lockDraftCreation(editorId: number, title: string) {
      if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${editorId}::int, hashtext(${title}))`.execute(own.query);
    },

    /** The editor's own draft with exactly this title and text, created since `since`, if any. */
    recentDraftBy: async (editorId: number, title: string, bodyText: string, since: string) =>
      (
        await own.query
          .selectFrom('articles')
          .innerJoin('article_events', 'article_events.article_id', 'articles.id')
          .select('articles.id')
          .where('article_events.action', '=', 'create')
          .where('article_events.user_id', '=', editorId)
          .where('articles.status', '=', 'draft')
          .where('articles.title', '=', title)
          .where('articles.body_text', '=', bodyText)
          .where('articles.created_at', '>=', since)
          .orderBy('articles.id', 'desc')
          .executeTakeFirst()
      )?.id ?? null,

    events: (articleId: number) =>
      own.query
        .selectFrom('article_events')
        .leftJoin('users', 'users.id', 'article_events.user_id')
        .select([
          'article_events.id',
          'article_events.action',
          'article_events.detail',
          'article_events.created_at',
          'article_events.user_id',
          'users.username',
        ])
        .where('article_id', '=', articleId)
        .orderBy('article_events.id', 'desc')
        .limit(200)
        .execute(),

    /** Records a view unless the same reader opened the article in the last half hour; answers whether it counted. */
    async addView(articleId: number, viewer: { userId: number | null; cuid: string | null }, now: string, since: string): Promise<boolean> {
      if (viewer.userId === null && viewer.cuid === null) return false;
      const recentQuery = () =>
        own.query
          .selectFrom('article_views')
          .where('article_id', '=', articleId)
          .where((eb) => (viewer.userId !== null ? eb('user_id', '=', viewer.userId) : eb('cuid', '=', viewer.cuid!)))
          .where('created_at', '>', since);
      const recent = () => recentQuery().select('id').executeTakeFirst();
      // A repeat open within the window is answered by a read.
      if (await recent()) return false;
      return transaction(db, async () => {
        // Counting first takes the article's row (a row lock on PostgreSQL, the write lock on
        // SQLite), so two opens at once queue here; the insert after it, a statement of its own,
        // sees a view the other committed meanwhile and then adds nothing, and the count is undone.
        await own.query
          .updateTable('articles')
          .set((eb) => ({ views: eb('views', '+', 1) }))
          .where('id', '=', articleId)
          .execute();
        const inserted = await own.query
          .insertInto('article_views')
          .columns(['article_id', 'user_id', 'cuid', 'created_at'])
          .expression(
            own.query
              .selectNoFrom((eb) => [
                eb.val(articleId).as('article_id'),
                eb.val(viewer.userId).as('user_id'),
                eb.val(viewer.cuid).as('cuid'),
                eb.val(now).as('created_at'),
              ])
              .where((eb) => eb.not(eb.exists(recentQuery().select('id')))),
          )
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
        await own.query
          .updateTable('articles')
          .set((eb) => ({ views: eb('views', '-', 1) }))
          .where('id', '=', articleId)
          .execute();
        return false;
      });
    },

    /** The articles a reader opened most recently (distinct), for their level and topics. */
    recentlyViewed: (viewer: { userId: number | null; cuid: string | null }, limit: number) =>
      own.query
        .selectFrom('article_views')
        .innerJoin('articles', 'articles.id', 'article_views.article_id')
        .select([
          'articles.id',
          'articles.topics',
          'articles.level_auto',
          'articles.level_override',
          (eb) => eb.fn.max('article_views.id').as('last'),
        ])
        .where((eb) =>
          viewer.userId !== null ? eb('article_views.user_id', '=', viewer.userId) : eb('article_views.cuid', '=', viewer.cuid ?? ''),
        )
        .groupBy(['articles.id', 'articles.topics', 'articles.level_auto', 'articles.level_override'])
        .orderBy('last', 'desc')
        .limit(limit)
        .execute(),
  };
}

export type ArticleMetaRepo = ReturnType<typeof articleMetaRepo>;
