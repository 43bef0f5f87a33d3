import type { Handlers } from '../../http/register-endpoints.js';
import type { MagazinesService } from './magazines.service.js';

type Names =
  | 'magazine.list'
  | 'magazine.create'
  | 'magazine.show'
  | 'magazine.articles'
  | 'magazine.crawl'
  | 'magazine.upload'
  | 'magazine.downloadArticles'
  | 'magazine.audit'
  | 'magazine.publish'
  | 'magazineArticle.update';

export function magazinesRoutes(magazines: MagazinesService): Pick<Handlers, Names> {
  const editor = (ctx: { actor: { user: { id: number } } }) => ({ id: ctx.actor.user.id });
  return {
    'magazine.list': (input, ctx) => magazines.list(ctx.actor, input.offset),
    'magazine.create': (input, ctx) => magazines.create(editor(ctx), input),
    'magazine.show': (input, ctx) => magazines.show(ctx.actor, input.id),
    'magazine.articles': (input, ctx) => magazines.articles(ctx.actor, input.id),
    'magazine.crawl': (input, ctx) => magazines.queueCrawl(input.id, ctx.actor.user.id),
    'magazine.upload': (input, ctx) => magazines.upload(editor(ctx), input.id, input.link),
    'magazine.downloadArticles': (input, ctx) => magazines.queueDownloadArticles(input.id, ctx.actor.user.id),
    'magazine.audit': (input, ctx) => magazines.audit(editor(ctx), input.id, input),
    'magazine.publish': (input, ctx) => magazines.publish(editor(ctx), input.id, input.cancel ?? false),
    'magazineArticle.update': (input, ctx) => magazines.updateArticle(editor(ctx), input.id, input.article),
  };
}
