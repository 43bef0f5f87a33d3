import { transaction } from '../../db/client.js';
import { DomainError, Invalid, NotFound } from '../../lib/errors.js';
import { decodeBody, FetchError } from '../../providers/fetch/fetcher.js';
import type { Editor } from '../articles/index.js';
import { ownUploadKey, parseEpub } from '../books/index.js';
import type { Progress } from '../rss/index.js';
import { fetchFailure } from '../rss/index.js';
import { splitIssue } from './epub-issue.js';
import type { MagazineRow, MagazinesRepo } from './magazines.repo.js';
import type { MagazinesDeps } from './magazines.types.js';
import { discoverToc } from './toc.js';
import type { MagazineDetail } from '@changdu/contract';

const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

/** A link of the issue's contents not yet downloaded or reviewed. */
function newLink(magazineId: number, position: number, link: { section: string | null; title: string; url: string }, at: string) {
  return {
    magazine_id: magazineId,
    position,
    section: link.section,
    title: link.title,
    url: link.url,
    article_id: null,
    state: 'pending' as const,
    error: null,
    review: 'unreviewed' as const,
    review_reason: null,
    created_at: at,
    updated_at: at,
  };
}

interface IssueAccess {
  repo: MagazinesRepo;
  load(id: number): Promise<MagazineRow>;
  requireEditable(id: number): Promise<MagazineRow>;
  managerView(id: number): Promise<MagazineDetail>;
}

/** How an issue's articles arrive: crawled from its contents page, split from an uploaded EPUB, downloaded page by page. */
export function magazineIngest(
  { db, clock, fetcher, editorial, pages, images, rules, files, uploads }: Omit<MagazinesDeps, 'articles' | 'jobs'>,
  { repo, load, requireEditable, managerView }: IssueAccess,
) {
  const now = () => clock.now().toISOString();

  /** Splits the uploaded EPUB at `key` into the issue's articles, each a downloaded draft in order. */
  async function ingestUploaded(mag: MagazineRow, id: number, editor: Editor, key: string) {
    const data = await files.get(key);
    if (!data) throw new NotFound('上传的文件不存在，请重新上传');
    const parts = splitIssue(await parseEpub(data), data);
    if (parts.length === 0) throw new Invalid('这个 EPUB 里没有找到文章');
    const at = now();
    await transaction(db, async () => {
      const start = (await repo.articles(id)).length;
      for (const [i, part] of parts.entries()) {
        // The link row first: of two uploads of one file at once, one inserts and ingests.
        const inserted = await repo.insertLink(newLink(id, start + i + 1, { ...part, url: part.ref }, at));
        if (!inserted) continue;
        const articleId = await editorial.ingest(
          {
            title: part.title,
            summary: null,
            byline: part.byline,
            source: mag.name,
            url: null,
            feedId: null,
            cover: null,
            topics: [],
            publishedAt: null,
            paragraphs: part.paragraphs,
          },
          editor,
        );
        await repo.linkUploaded(id, part.ref, articleId, at);
      }
    });
  }

  return {
    /**
     * Fetches the table of contents and records its article links, in order, under their
     * sections. A link found before keeps its download and review (it only moves).
     */
    async crawl(id: number, progress: Progress): Promise<{ found: number; added: number }> {
      const mag = await load(id);
      if (!mag.url) throw new Invalid('这一期没有目录页地址，无法抓取');
      const fail = async (error: DomainError) => {
        await repo.update(id, { crawl_error: error.message, updated_at: now() });
        return error;
      };
      await progress(10, '正在获取目录页');
      let page;
      try {
        page = await fetcher.get(mag.url, { accept: PAGE_ACCEPT });
      } catch (error) {
        if (error instanceof FetchError) throw await fail(fetchFailure(error, '抓取失败：'));
        throw error;
      }
      if (!/html/.test(page.contentType)) throw await fail(new Invalid('抓取失败：目录页地址不是网页'));
      const toc = discoverToc(decodeBody(page), page.url, rules);
      if (toc.links.length === 0) throw await fail(new Invalid('抓取失败：目录页上没有找到文章链接'));
      await progress(50, `发现 ${toc.links.length} 篇文章，正在保存`);
      const at = now();
      let added = 0;
      await transaction(db, async () => {
        for (const [i, link] of toc.links.entries()) {
          const inserted = await repo.upsertLink(newLink(id, i + 1, link, at));
          if (inserted) added += 1;
        }
      });
      // The issue's cover, when none was given: the page's own image, if it can be had.
      const cover = mag.cover ?? (toc.coverUrl ? await images.storeCover(toc.coverUrl).catch(() => null) : null);
      await repo.update(id, { crawled_at: at, crawl_error: null, cover, updated_at: at });
      const sections = new Set(toc.links.map((l) => l.section)).size;
      await progress(100, `找到 ${toc.links.length} 篇文章（新增 ${added} 篇），${sections} 个分区`);
      return { found: toc.links.length, added };
    },

    /**
     * Attaches an uploaded EPUB of the issue (its `upload:` link, the caller's own upload) and
     * splits it into articles by its table of contents, each a downloaded draft in order. The
     * same file uploaded again adds nothing: its articles are known by the file's digest.
     */
    async upload(editor: Editor, id: number, link: string) {
      const mag = await requireEditable(id);
      const own = ownUploadKey(link, editor.id);
      if (!own) throw new Invalid('请先上传 EPUB 文件');
      if (!own.endsWith('.epub')) throw new Invalid('杂志只能上传 EPUB 文件');
      await uploads.hold(editor.id, link);
      // The file is read once: split into articles (or refused), it has done its work.
      try {
        await ingestUploaded(mag, id, editor, own);
      } finally {
        await uploads.release(own);
      }
      return managerView(id);
    },

    /**
     * Downloads every article not yet downloaded (new, failed, or whose article was deleted),
     * one after another. A failure is recorded on its article and the rest go on; running it
     * again retries only what is left, and a page already stored is linked, not stored twice.
     */
    async downloadArticles(id: number, userId: number | null, progress: Progress): Promise<{ downloaded: number; failed: number }> {
      const mag = await load(id);
      const rows = await repo.toDownload(id);
      if (rows.length === 0) {
        await progress(100, '没有需要下载的文章');
        return { downloaded: 0, failed: 0 };
      }
      let downloaded = 0;
      let failed = 0;
      for (const [i, row] of rows.entries()) {
        await progress(Math.round((i / rows.length) * 100), `正在下载第 ${i + 1}/${rows.length} 篇：${row.title}`);
        try {
          const articleId = await pages.importPage(row.url!, { title: row.title, source: mag.name }, userId);
          await repo.updateArticle(row.id, { article_id: articleId, state: 'downloaded', error: null, updated_at: now() });
          downloaded += 1;
        } catch (error) {
          // One article's failure is recorded on it; the others still download.
          const message = error instanceof DomainError && error.message ? error.message : '下载失败：内部错误';
          await repo.updateArticle(row.id, { state: 'failed', error: message, updated_at: now() });
          failed += 1;
        }
      }
      await progress(100, `下载完成：成功 ${downloaded} 篇，失败 ${failed} 篇`);
      return { downloaded, failed };
    },
  };
}
