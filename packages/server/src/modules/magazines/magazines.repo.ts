import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { MagazineArticlesTable, MagazineStatus, MagazinesTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type MagazineRow = Selectable<MagazinesTable>;
export type MagazineArticleRow = Selectable<MagazineArticlesTable>;

export function magazinesRepo(db: Db) {
  const own = tablesOf(db, 'magazines');
  const withCount = (publishedOnly: boolean) =>
    own.query
      .selectFrom('magazines')
      .selectAll('magazines')
      .select((eb) =>
        eb
          .selectFrom('magazine_articles')
          .$if(publishedOnly, (q) =>
            q.innerJoin('articles', 'articles.id', 'magazine_articles.article_id').where('articles.status', '=', 'published'),
          )
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('magazine_articles.magazine_id', '=', 'magazines.id')
          .as('article_count'),
      );

  return {
    find: (id: number) => own.query.selectFrom('magazines').selectAll().where('id', '=', id).executeTakeFirst(),
    findWithCount: (id: number, publishedOnly: boolean) => withCount(publishedOnly).where('magazines.id', '=', id).executeTakeFirst(),
    /** Readers: published issues, newest first. */
    published: (offset: number, limit: number) =>
      withCount(true)
        .where('magazines.status', '=', 'published')
        .orderBy('magazines.published_at', 'desc')
        .orderBy('magazines.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    /** Managers: every issue, the newest made first. */
    all: (offset: number, limit: number) => withCount(false).orderBy('magazines.id', 'desc').limit(limit).offset(offset).execute(),
    insert: async (row: Insertable<MagazinesTable>) =>
      (await own.query.insertInto('magazines').values(row).returning('id').executeTakeFirstOrThrow()).id,
    /** Changes the status only from one of `from`; answers whether it did (of two racing calls, one does). */
    async moveStatus(id: number, from: MagazineStatus[], set: Updateable<MagazinesTable>): Promise<boolean> {
      const result = await own.query.updateTable('magazines').set(set).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async update(id: number, set: Updateable<MagazinesTable>) {
      await own.query.updateTable('magazines').set(set).where('id', '=', id).execute();
    },

    articles: (magazineId: number) =>
      own.query
        .selectFrom('magazine_articles')
        .selectAll()
        .where('magazine_id', '=', magazineId)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    article: (id: number) => own.query.selectFrom('magazine_articles').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Adds a link not seen before; answers whether it did (a link already there stays as it is). */
    async insertLink(row: Insertable<MagazineArticlesTable>): Promise<boolean> {
      const result = await own.query
        .insertInto('magazine_articles')
        .values(row)
        .onConflict((oc) => oc.columns(['magazine_id', 'url']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    /** Adds a found link, or moves an existing one to its new place: its download and review stay. */
    async upsertLink(row: Insertable<MagazineArticlesTable> & { url: string }): Promise<boolean> {
      const existing = await own.query
        .selectFrom('magazine_articles')
        .select('id')
        .where('magazine_id', '=', row.magazine_id)
        .where('url', '=', row.url)
        .executeTakeFirst();
      if (existing) {
        await own.query
          .updateTable('magazine_articles')
          .set({ position: row.position, section: row.section, updated_at: row.updated_at })
          .where('id', '=', existing.id)
          .execute();
        return false;
      }
      const result = await own.query
        .insertInto('magazine_articles')
        .values(row)
        .onConflict((oc) => oc.columns(['magazine_id', 'url']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async updateArticle(id: number, set: Updateable<MagazineArticlesTable>) {
      await own.query.updateTable('magazine_articles').set(set).where('id', '=', id).execute();
    },
    /** An uploaded part's article, stored: the row is downloaded. */
    async linkUploaded(magazineId: number, ref: string, articleId: number, at: string) {
      await own.query
        .updateTable('magazine_articles')
        .set({ article_id: articleId, state: 'downloaded', error: null, updated_at: at })
        .where('magazine_id', '=', magazineId)
        .where('url', '=', ref)
        .execute();
    },
    /** The articles still to download: never downloaded, failed, or whose article was deleted. */
    toDownload: (magazineId: number) =>
      own.query
        .selectFrom('magazine_articles')
        .selectAll()
        .where('magazine_id', '=', magazineId)
        // Web pages only: an uploaded part (`epub:` reference) has nothing to fetch.
        .where('url', 'like', 'http%')
        .where((eb) => eb.or([eb('state', '!=', 'downloaded'), eb('article_id', 'is', null)]))
        .orderBy('position')
        .orderBy('id')
        .execute(),
    findByNameEdition: (name: string, edition: string) =>
      own.query
        .selectFrom('magazines')
        .select('id')
        .where(sql`lower(name)`, '=', name.toLowerCase())
        .where(sql`lower(edition)`, '=', edition.toLowerCase())
        .executeTakeFirst(),
    /** Approving an issue approves its downloaded articles nobody has reviewed. */
    async approveUnreviewed(magazineId: number, at: string) {
      await own.query
        .updateTable('magazine_articles')
        .set({ review: 'approved', review_reason: null, updated_at: at })
        .where('magazine_id', '=', magazineId)
        .where('review', '=', 'unreviewed')
        .where('article_id', 'is not', null)
        .execute();
    },
  };
}

export type MagazinesRepo = ReturnType<typeof magazinesRepo>;
