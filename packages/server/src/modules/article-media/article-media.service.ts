import { randomUUID } from 'node:crypto';
import {
  EXPORT_FILE_NAME,
  layoutSizes,
  levelLabels,
  pdfStyleLabels,
  type ImageLayout,
  type Paragraph,
  type PdfStyle,
} from '@changdu/contract';
import { loadSharp } from '../../lib/sharp.js';
import { articleExportKind, articlePdfKind } from '../../jobs/kinds.js';
import type { Actor, UserActor } from '../../lib/actor.js';
import { JOB_ACTOR, type Who } from '../../lib/policy.js';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.js';
import { parseParagraphs, visibleParagraphs } from '../articles/index.js';
import { effectiveRole } from '../users/index.js';
import { articleAudio } from './article-audio.js';
import type { ArticleMediaDeps, ArticleRow } from './article-media.types.js';
import { articleVersion, hash } from './article-version.js';
import { clamp, quoteBudget } from './poster-text.js';
import { articleHtml } from './article-html.js';
import { buildEpub, buildExportZip, type ExportArticle } from './export-book.js';
import { loadFonts, renderCard } from './render-image.js';

export type { ArticleMediaDeps, ArticleRow, TaskLookup } from './article-media.types.js';

/** Bumped when a renderer's output changes, so cached files of the old look are not served. */
const RENDER_VERSION = { poster: 3, pdf: 1 };

/** Article media: share posters, sentence-timed audio, PDFs and exports, each cached by article version in storage. */
export function articleMediaService(deps: ArticleMediaDeps) {
  const { storage, articles } = deps;
  let fonts: ReturnType<typeof loadFonts> | null = null;
  const fontsOnce = () => (fonts ??= loadFonts(deps.posterFont));
  const building = new Map<string, Promise<unknown>>();

  /** One build per key at a time in this process; a second caller waits for the first. */
  function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = building.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = work().finally(() => building.delete(key));
    building.set(key, p);
    return p;
  }

  /**
   * The article for the caller and the paragraphs they may read (lib/policy.ts); with `full`,
   * refused unless they may read all of it (audio and PDFs are the whole text).
   */
  async function read(who: Who, id: number, full: boolean): Promise<{ row: ArticleRow; paragraphs: Paragraph[] }> {
    const readable = await articles.readable(who, id);
    if (full && !readable.full) throw new Forbidden('该内容仅对会员开放');
    return { row: readable.row, paragraphs: visibleParagraphs(readable.row, readable.full) };
  }
  const open = async (who: Who, id: number, full: boolean): Promise<ArticleRow> => (await read(who, id, full)).row;

  async function actorOf(userId: number): Promise<UserActor> {
    const user = await deps.users.byId(userId);
    if (!user) throw new NotFound('用户不存在');
    return { kind: 'user', role: effectiveRole(user, deps.clock.now()), user, tokenId: 0 };
  }

  async function pngDataUrl(imageName: string, width: number): Promise<string | null> {
    try {
      const webp = await deps.images.render(imageName, width);
      const png = await (await loadSharp())(webp).png().toBuffer();
      return `data:image/png;base64,${png.toString('base64')}`;
    } catch {
      return null;
    }
  }

  const audio = articleAudio(deps, { open });

  const coverName = (row: ArticleRow) => row.cover ?? `placeholder-${(row.id % 26) + 1}.webp`;
  const articleUrl = (origin: string, id: number) => `${origin.replace(/\/$/, '')}/article/${id}`;
  const levelLabel = (row: ArticleRow) => levelLabels[(row.level_override ?? row.level_auto) as keyof typeof levelLabels] ?? '';

  function firstSentence(paragraphs: Paragraph[]): string {
    const p = paragraphs.find((x) => x.kind === 'p' && x.sentences.length) ?? paragraphs[0];
    return p?.sentences[0]?.text ?? p?.text ?? '';
  }

  function zhOf(paragraphs: Paragraph[], sentence: string): string | null {
    const p = paragraphs.find((x) => x.text.includes(sentence));
    return p?.zh && p.sentences.length === 1 ? p.zh : null;
  }

  // ---------- PDF ----------

  // The article's link in the PDF starts with the address the reader came by (PUBLIC_URL, else an
  // allowed Host: http/security.ts#linkOrigin), so one PDF is kept per version, style and address.
  const pdfKey = (row: ArticleRow, style: PdfStyle, userId: number | null, origin: string) =>
    `pdf/article-${row.id}-${hash(articleVersion(row), RENDER_VERSION.pdf, origin)}-${style}${style === 'notes' ? `-u${userId}` : ''}.pdf`;
  const pdfUrl = (id: number, style: PdfStyle) => `/reader/article/${id}/pdf?style=${style}`;

  async function inlineImages(html: string): Promise<string> {
    const names = [...html.matchAll(/src="\/api\/image\/([a-z0-9-]+\.(?:webp|jpg|png))[^"]*"/g)].map((m) => m[1]!);
    let out = html;
    for (const name of new Set(names)) {
      const data = await pngDataUrl(name, 900);
      out = out.replace(new RegExp(`src="/api/image/${name.replace(/[.]/g, '\\.')}[^"]*"`, 'g'), data ? `src="${data}"` : 'src=""');
    }
    return out;
  }

  async function enqueuePdf(row: ArticleRow, style: PdfStyle, actor: UserActor, origin: string) {
    return deps.jobs.enqueue(
      articlePdfKind,
      { article_id: row.id, style, user_id: style === 'notes' ? actor.user.id : null, origin },
      { createdBy: actor.user.id },
    );
  }

  return {
    // ---------- posters ----------

    /** The share poster (750×1334 PNG), cached per article version and chosen text. */
    async poster(actor: Actor, id: number, choice: { note_uuid?: string | undefined; sentence?: string | undefined }, origin: string) {
      // Only what this caller may read is quoted: a non-member's poster quotes the preview.
      const { row, paragraphs } = await read(actor, id, false);
      let quote = firstSentence(paragraphs);
      let quoteZh = zhOf(paragraphs, quote);
      if (choice.note_uuid) {
        if (actor.kind !== 'user') throw new NotFound('划线不存在');
        const note = (await deps.notes.mine(actor, id)).list.find((n) => n.note_uuid === choice.note_uuid);
        if (!note) throw new NotFound('划线不存在');
        quote = note.text;
        quoteZh = note.comment || null;
      } else if (choice.sentence) {
        if (!paragraphs.some((p) => p.text.includes(choice.sentence!))) throw new Invalid('这句话不在文章里');
        quote = choice.sentence;
        quoteZh = zhOf(paragraphs, quote);
      }
      quote = clamp(quote, quoteBudget(row.title, Boolean(row.title_zh)));
      quoteZh = quoteZh && clamp(quoteZh, 60);
      const url = articleUrl(origin, id);
      const key = `posters/article-${id}-${hash(articleVersion(row), quote, quoteZh, url, RENDER_VERSION.poster)}.png`;
      return once(key, async () => {
        const cached = await storage.get(key);
        if (cached) return cached;
        const markdown = [
          `\`${levelLabel(row)}${row.source ? ` · ${row.source}` : ''}\``,
          `# ${mdInline(row.title)}`,
          row.title_zh ? `## ${mdInline(row.title_zh)}` : '',
          `> ${mdInline(quote)}`,
          quoteZh ? mdInline(quoteZh) : '',
        ]
          .filter(Boolean)
          .join('\n\n');
        const png = await renderCard(
          { layout: 'poster', markdown, cover: await pngDataUrl(coverName(row), 750), qr: url, qrCaption: '长按识别 阅读全文' },
          fontsOnce(),
        );
        await storage.put(key, png, { contentType: 'image/png' });
        return png;
      });
    },

    /** The markdown-to-image service behind the poster screens. */
    async renderMarkdown(input: {
      markdown: string;
      layout: ImageLayout;
      qr?: string | undefined;
      cover?: string | undefined;
      page?: number | undefined;
    }) {
      const size = layoutSizes[input.layout];
      const cover = input.cover ? await pngDataUrl(input.cover, size.width) : null;
      if (input.cover && !cover) throw new NotFound('封面图片不存在');
      return renderCard(
        { layout: input.layout, markdown: input.markdown, cover, qr: input.qr ?? null, page: input.page ?? null },
        fontsOnce(),
      );
    },

    ...audio,

    // ---------- PDF ----------

    async pdfPrepare(actor: UserActor, id: number, style: PdfStyle, origin: string) {
      const row = await open(actor, id, true);
      if (await storage.head(pdfKey(row, style, actor.user.id, origin))) return { ready: true, task_id: null, url: pdfUrl(id, style) };
      const task = await enqueuePdf(row, style, actor, origin);
      return { ready: false, task_id: task.id, url: pdfUrl(id, style) };
    },

    /** The PDF's bytes and file name; queues its generation and answers 404 while it does not exist yet. */
    async pdf(actor: UserActor, id: number, style: PdfStyle, origin: string): Promise<{ bytes: Buffer; name: string }> {
      const row = await open(actor, id, true);
      const bytes = await storage.get(pdfKey(row, style, actor.user.id, origin));
      if (!bytes) {
        const task = await enqueuePdf(row, style, actor, origin);
        throw new NotFound(`PDF 正在生成（任务 ${task.id}），请稍后再下载`);
      }
      return { bytes, name: `${row.title.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(0, 80)}.pdf` };
    },

    /** Job: prints the PDF into storage (nothing to do when this version is there already). */
    async buildPdf(articleId: number, style: PdfStyle, userId: number | null, origin = deps.publicOrigin()) {
      const reader = userId !== null ? await actorOf(userId) : null;
      // The request that queued it was checked for the whole text (pdfPrepare, pdf).
      const row = await open(reader ?? JOB_ACTOR, articleId, false);
      const key = pdfKey(row, style, userId, origin);
      const existing = await storage.head(key);
      if (existing) return { url: pdfUrl(articleId, style), size: existing.size };
      const paragraphs = parseParagraphs(row.content);
      const notes = reader && style === 'notes' ? (await deps.notes.mine(reader, articleId)).list : [];
      const html = await inlineImages(
        articleHtml(
          {
            title: row.title,
            title_zh: row.title_zh,
            source: row.source,
            author: row.author_name,
            level: levelLabel(row),
            published_at: row.published_at,
            url: articleUrl(origin, row.id),
            cover: await pngDataUrl(coverName(row), 900),
            paragraphs,
            words: style === 'notes' ? (await deps.keyWords.list(articleId)).list : [],
            notes: notes.map((n) => ({ text: n.text, comment: n.comment, root: n.root })),
          },
          style,
          pdfStyleLabels[style],
        ),
      );
      const pdf = await deps.pdf.print(html, { footer: `畅读 · ${row.title.replace(/[<>&"]/g, '').slice(0, 60)}` });
      await storage.put(key, pdf, { contentType: 'application/pdf' });
      return { url: pdfUrl(articleId, style), size: pdf.length };
    },

    // ---------- export ----------

    async exportArticles(actor: UserActor, ids: number[]) {
      const unique = [...new Set(ids)];
      for (const id of unique) await open(actor, id, false);
      const task = await deps.jobs.enqueue(
        articleExportKind,
        { user_id: actor.user.id, article_ids: unique },
        { createdBy: actor.user.id },
      );
      return { task_id: task.id };
    },

    /** Job: the export ZIP of one reader's articles, with only that reader's notes and words. */
    async buildExport(userId: number, ids: number[], taskId: number, progress: (percent: number, message?: string) => Promise<void>) {
      const reader = await actorOf(userId);
      const list: ExportArticle[] = [];
      for (const [i, id] of ids.entries()) {
        await progress(5 + (80 * i) / ids.length, `正在整理第 ${i + 1}/${ids.length} 篇`);
        let opened: Awaited<ReturnType<typeof read>>;
        try {
          opened = await read(reader, id, false);
        } catch (error) {
          if (error instanceof NotFound) continue; // withdrawn since: left out
          throw error;
        }
        const { row, paragraphs } = opened;
        const notes = (await deps.notes.mine(reader, id)).list;
        const words = await deps.words.ofArticle(reader, id, 0, 500);
        list.push({
          id,
          title: row.title,
          title_zh: row.title_zh,
          source: row.source,
          url: articleUrl(deps.publicOrigin(), id),
          paragraphs,
          notes: notes.map((n) => ({ text: n.text, comment: n.comment, color: n.color })),
          words: words.list.map((w) => ({ word: w.word, meaning: w.meaning, forms: w.forms })),
        });
      }
      if (list.length === 0) throw new NotFound('要导出的文章都已下线');
      await progress(88, '正在生成 EPUB');
      const now = deps.clock.now();
      const epub = await buildEpub(
        `畅读文章 ${now.toISOString().slice(0, 10)}`,
        list,
        randomUUID(),
        now.toISOString().replace(/\.\d+Z$/, 'Z'),
      );
      const zip = await buildExportZip(list, epub, '畅读文章.epub');
      await storage.put(exportKey(userId, taskId), zip, { contentType: 'application/zip' });
      return { url: `/reader/article/export/${taskId}`, articles: list.length, size: zip.length };
    },

    async exportFile(actor: UserActor, taskId: number): Promise<{ bytes: Buffer; name: string }> {
      const task = await deps.jobs.find(taskId);
      if (!task || task.type !== articleExportKind.name || task.created_by !== actor.user.id) throw new NotFound('导出不存在');
      if (task.status !== 'done') throw new NotFound('导出还没有完成，请稍后再下载');
      const bytes = await storage.get(exportKey(actor.user.id, taskId));
      if (!bytes) throw new NotFound('导出文件已过期，请重新导出');
      return { bytes, name: EXPORT_FILE_NAME };
    },
  };
}

const exportKey = (userId: number, taskId: number) => `exports/user-${userId}/task-${taskId}.zip`;
/** Text made safe to sit inline in the card markdown (no markup of its own). */
export const mdInline = (s: string) => s.replace(/\s+/g, ' ').replace(/([\\`*_[\]#<>])/g, '\\$1');

export type ArticleMediaService = ReturnType<typeof articleMediaService>;
