import type { Handlers } from '../../http/register-endpoints.js';
import { attachment } from '../../lib/content-disposition.js';
import type { ArticleMediaService } from './article-media.service.js';

type Names =
  | 'article.pdf'
  | 'article.pdfPrepare'
  | 'article.poster'
  | 'media.renderMarkdown'
  | 'poster.product'
  | 'article.audio'
  | 'auth.audioToken'
  | 'article.audioFile'
  | 'article.export'
  | 'article.exportFile';

export function articleMediaRoutes(
  media: ArticleMediaService,
  productPoster: () => Promise<{ title: string; lines: string[] }>,
): Pick<Handlers, Names> {
  return {
    'poster.product': async (_input, ctx) => {
      const poster = await productPoster();
      const markdown = [`# ${poster.title}`, ...poster.lines.map((l) => `- ${l}`), '> 扫码注册，和我一起读外刊'].join('\n\n');
      ctx.setHeader('cache-control', 'private, no-store');
      return media.renderMarkdown({
        markdown,
        layout: 'poster',
        qr: `${ctx.origin.replace(/\/$/, '')}/Register?from=${ctx.actor.user.id}`,
      });
    },
    'article.pdf': async (input, ctx) => {
      const { bytes, name } = await media.pdf(ctx.actor, input.id, input.style, ctx.origin);
      ctx.setHeader('content-disposition', attachment(name, `article-${input.id}.pdf`));
      return bytes;
    },
    'article.pdfPrepare': (input, ctx) => media.pdfPrepare(ctx.actor, input.id, input.style, ctx.origin),
    'article.poster': async (input, ctx) => {
      const png = await media.poster(ctx.actor, input.id, input, ctx.origin);
      // Only an anonymous caller's poster may sit in a shared cache; a note's or a draft's is the caller's own.
      ctx.setHeader('cache-control', ctx.actor.kind === 'anonymous' ? 'public, max-age=600' : 'private, no-store');
      return png;
    },
    'media.renderMarkdown': (input) => media.renderMarkdown(input),
    'article.audio': (input, ctx) => media.audio(ctx.actor, input.id, ctx.ip, input.task_id),
    'auth.audioToken': (input, ctx) => media.audioToken(ctx.actor, input.article_id),
    'article.audioFile': async (input, ctx) => {
      const mp3 = await media.audioFile(input.id, input.token);
      ctx.setHeader('cache-control', 'private, max-age=600');
      return mp3;
    },
    'article.export': (input, ctx) => media.exportArticles(ctx.actor, input.article_ids),
    'article.exportFile': async (input, ctx) => {
      const { bytes, name } = await media.exportFile(ctx.actor, input.task_id);
      ctx.setHeader('content-disposition', attachment(name, 'changdu-export.zip'));
      return bytes;
    },
  };
}
