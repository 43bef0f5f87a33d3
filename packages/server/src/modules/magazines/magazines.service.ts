import {
  PLACEHOLDER_COUNT,
  type ArticleEdit,
  type ArticleStatus,
  type MagazineArticle,
  type MagazineCard,
  type MagazineDetail,
  type MagazineStatus,
  type Role,
} from '@changdu/contract';
import { isUniqueViolation, transaction } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { can, isManager } from '../../lib/policy.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import { FetchError } from '../../providers/fetch/fetcher.js';
import type { Editor } from '../articles/index.js';
import { crawlMagazineKind, downloadMagazineKind } from '../../jobs/kinds.js';
import { magazinesRepo, type MagazineArticleRow, type MagazineRow } from './magazines.repo.js';
import { magazineIngest } from './magazine-ingest.js';
import type { MagazinesDeps } from './magazines.types.js';

export type { MagazinesDeps };

const PAGE = 20;

export interface AuditInput {
  action?: 'approve' | 'reject' | undefined;
  reason?: string | undefined;
  articles?: { id: number; action: 'approve' | 'reject'; reason?: string | undefined }[] | undefined;
}

/** An issue opens for readers once published; managers open every issue (lib/policy.ts). */
const mayOpen = (row: Pick<MagazineRow, 'status'>, role: Role): boolean => can({ role }, 'open', { kind: 'magazine', status: row.status });

function toCard(row: MagazineRow & { article_count?: number | string | null }): MagazineCard {
  return {
    id: row.id,
    name: row.name,
    edition: row.edition,
    url: row.url,
    cover: row.cover ? `/api/image/${row.cover}` : null,
    placeholder: (row.id % PLACEHOLDER_COUNT) + 1,
    status: row.status,
    article_count: Number(row.article_count ?? 0),
    published_at: row.published_at,
    created_at: row.created_at,
  };
}

/** Issues and their articles: crawl, download, audit, publish, and what readers see of them. */
export function magazinesService({ db, clock, fetcher, articles, editorial, pages, images, rules, files, uploads, jobs }: MagazinesDeps) {
  const repo = magazinesRepo(db);
  const now = () => clock.now().toISOString();

  async function load(id: number): Promise<MagazineRow> {
    const row = await repo.find(id);
    if (!row) throw new NotFound('这一期杂志不存在');
    return row;
  }

  /** The issue if this role may open it; an unpublished issue is as absent as a missing one. */
  async function readable(id: number, role: Role): Promise<MagazineRow> {
    const row = await repo.find(id);
    if (!row || !mayOpen(row, role)) throw new NotFound('这一期杂志不存在或未发布');
    return row;
  }

  /** Its articles in order; readers get only the ones they may open, without the work notes. */
  async function articleList(magazineId: number, role: Role): Promise<MagazineArticle[]> {
    const rows = await repo.articles(magazineId);
    const ids = rows.flatMap((r) => (r.article_id !== null ? [r.article_id] : []));
    const manager = isManager({ role });
    const cards = await articles.cards(ids, role);
    const statuses = manager ? await articles.statuses(ids) : new Map<number, ArticleStatus>();
    return rows.flatMap((r) => {
      const card = r.article_id !== null ? cards.get(r.article_id) : undefined;
      if (!manager && !card) return [];
      return [
        {
          id: r.id,
          position: r.position,
          section: r.section,
          title: card?.title ?? r.title,
          url: r.url,
          state: r.state,
          error: manager ? r.error : null,
          review: r.review,
          review_reason: manager ? r.review_reason : null,
          article_id: card ? r.article_id : null,
          article: card ? { ...card, status: manager ? (statuses.get(card.id) ?? 'draft') : 'published' } : null,
        },
      ];
    });
  }

  async function detail(row: MagazineRow, role: Role): Promise<MagazineDetail> {
    const list = await articleList(row.id, role);
    const sections: MagazineDetail['sections'] = [];
    for (const article of list) {
      const last = sections.at(-1);
      if (last && last.title === article.section) last.articles.push(article);
      else sections.push({ title: article.section, articles: [article] });
    }
    const manager = isManager({ role });
    return {
      ...toCard({ ...row, article_count: list.length }),
      review_reason: row.review_reason,
      crawled_at: manager ? row.crawled_at : null,
      crawl_error: manager ? row.crawl_error : null,
      task_id: manager ? row.task_id : null,
      sections,
    };
  }

  const managerView = async (id: number) => detail(await load(id), 'manager');

  /** Crawling, uploading and downloading change what readers would see: a published issue is withdrawn first. */
  async function requireEditable(id: number): Promise<MagazineRow> {
    const row = await load(id);
    if (row.status === 'published') throw new Conflict('本期已发布，请先撤回再修改');
    return row;
  }

  /** The task and the record of it are written together: neither is left without the other. */
  function queueFor(id: number, enqueue: () => Promise<{ id: number }>) {
    return transaction(db, async () => {
      const task = await enqueue();
      await repo.update(id, { task_id: task.id });
      return { task_id: task.id };
    });
  }

  const ingest = magazineIngest(
    { db, clock, fetcher, editorial, pages, images, rules, files, uploads },
    { repo, load, requireEditable, managerView },
  );

  const approvedArticles = (rows: MagazineArticleRow[]) =>
    rows.filter((r): r is MagazineArticleRow & { article_id: number } => r.review === 'approved' && r.article_id !== null);

  return {
    requireEditable,

    async list(actor: Actor, offset: number) {
      const manager = isManager(actor);
      const rows = manager ? await repo.all(offset, PAGE + 1) : await repo.published(offset, PAGE + 1);
      return pageOf(rows.map(toCard), offset, PAGE);
    },

    show: async (actor: Actor, id: number) => detail(await readable(id, actor.role), actor.role),

    async articles(actor: Actor, id: number) {
      await readable(id, actor.role);
      return { list: await articleList(id, actor.role) };
    },

    async create(editor: Editor, input: { name: string; edition: string; url?: string | undefined; cover?: string | undefined }) {
      if (await repo.findByNameEdition(input.name, input.edition)) throw new Conflict('这一期已经添加过了');
      let cover: string | null = null;
      if (input.cover) {
        try {
          cover = await images.storeCover(input.cover);
        } catch (error) {
          if (error instanceof FetchError) throw new Invalid(`封面下载失败：${error.message}`);
          throw error;
        }
      }
      let id: number;
      try {
        id = await repo.insert({
          name: input.name,
          edition: input.edition,
          url: input.url ? new URL(input.url).toString() : null,
          cover,
          status: 'draft',
          review_reason: null,
          crawled_at: null,
          crawl_error: null,
          task_id: null,
          created_by: editor.id,
          published_at: null,
          created_at: now(),
          updated_at: now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict('这一期已经添加过了');
        throw error;
      }
      return managerView(id);
    },

    /** Queues reading the contents page; the issue keeps the task so the admin screen finds its progress again. */
    async queueCrawl(id: number, by: number) {
      const row = await requireEditable(id);
      if (!row.url) throw new Invalid('这一期没有目录页地址，无法抓取');
      return queueFor(id, () => jobs.enqueue(crawlMagazineKind, { magazine_id: id }, { createdBy: by }));
    },

    /** Queues downloading the chosen articles as drafts, `by` their creator. */
    async queueDownloadArticles(id: number, by: number) {
      await requireEditable(id);
      return queueFor(id, () => jobs.enqueue(downloadMagazineKind, { magazine_id: id, user_id: by }, { createdBy: by }));
    },

    ...ingest,

    /**
     * Reviews articles of the issue and, with `action`, the issue itself. Approving the issue
     * approves its downloaded articles nobody has reviewed yet; rejecting needs a reason.
     */
    async audit(editor: Editor, id: number, input: AuditInput) {
      const mag = await load(id);
      if (mag.status === 'published') throw new Conflict('本期已发布，请先撤回再审核');
      if (input.action === 'reject' && !input.reason) throw new Invalid('请写明退回原因');
      const rows = new Map((await repo.articles(id)).map((r) => [r.id, r]));
      for (const a of input.articles ?? []) {
        const row = rows.get(a.id);
        if (!row) throw new NotFound('这一期没有这篇文章');
        if (a.action === 'reject' && !a.reason) throw new Invalid(`请写明退回《${row.title}》的原因`);
        if (a.action === 'approve' && row.article_id === null) throw new Conflict(`《${row.title}》还没有下载，不能通过审核`);
      }
      const at = now();
      await transaction(db, async () => {
        for (const a of input.articles ?? []) {
          await repo.updateArticle(a.id, {
            review: a.action === 'approve' ? 'approved' : 'rejected',
            review_reason: a.action === 'reject' ? a.reason! : null,
            updated_at: at,
          });
        }
        if (input.action === 'approve') {
          await repo.approveUnreviewed(id, at);
          if (approvedArticles(await repo.articles(id)).length === 0) throw new Conflict('本期还没有可以通过审核的文章（请先下载）');
          await repo.update(id, { status: 'approved', review_reason: null, updated_at: at });
        } else if (input.action === 'reject') {
          await repo.update(id, { status: 'rejected', review_reason: input.reason!, updated_at: at });
        }
      });
      return managerView(id);
    },

    /**
     * Publishes the issue with its approved articles, in one transaction; `cancel` withdraws
     * the issue and takes those articles offline with it.
     */
    async publish(editor: Editor, id: number, cancel: boolean) {
      const mag = await load(id);
      const at = now();
      if (cancel) {
        if (mag.status !== 'published') throw new Conflict('本期还没有发布');
      } else {
        if (mag.status === 'draft' || mag.status === 'rejected') throw new Conflict('请先审核通过本期再发布');
        if (approvedArticles(await repo.articles(id)).length === 0) throw new Conflict('本期没有审核通过的文章');
      }
      await transaction(db, async () => {
        // The status moves first, conditionally: of two calls at once, one does the work.
        const from: MagazineStatus[] = cancel ? ['published'] : ['approved', 'offline'];
        const to = cancel ? { status: 'offline' as const } : { status: 'published' as const, published_at: mag.published_at ?? at };
        if (!(await repo.moveStatus(id, from, { ...to, updated_at: at }))) {
          if (cancel) throw new Conflict('本期还没有发布');
          return;
        }
        const approved = approvedArticles(await repo.articles(id));
        const statuses = await articles.statuses(approved.map((r) => r.article_id));
        for (const r of approved) {
          const status = statuses.get(r.article_id);
          if (cancel && status === 'published') await editorial.publish(editor, r.article_id, 'offline', undefined);
          if (!cancel && status !== 'published') await editorial.publish(editor, r.article_id, 'published', undefined);
        }
      });
      return managerView(id);
    },

    /** Edits an article of an issue as any article is edited (paragraph ids kept). */
    async updateArticle(editor: Editor, magazineArticleId: number, edit: ArticleEdit) {
      const row = await repo.article(magazineArticleId);
      if (!row) throw new NotFound('杂志文章不存在');
      if (row.article_id === null) throw new Conflict('这篇文章还没有下载，不能编辑');
      return editorial.update(editor, row.article_id, edit);
    },
  };
}

export type MagazinesService = ReturnType<typeof magazinesService>;
