import type { Handlers } from '../../http/register-endpoints.js';
import type { ArticlesService } from './articles.service.js';
import { viewerOf } from './articles.service.js';
import type { EditorialService } from './editorial.service.js';

type Names =
  | 'article.list'
  | 'article.show'
  | 'article.showWaikan'
  | 'article.forYou'
  | 'article.newCount'
  | 'article.topic'
  | 'article.labels'
  | 'author.show'
  | 'search.articles'
  | 'article.manage'
  | 'article.edit'
  | 'article.create'
  | 'article.update'
  | 'article.lock'
  | 'article.audit'
  | 'article.publish'
  | 'article.delete'
  | 'article.redownload';

export function articlesRoutes(articles: ArticlesService, editorial: EditorialService): Pick<Handlers, Names> {
  const editor = (ctx: { actor: { user: { id: number } } }) => ({ id: ctx.actor.user.id });
  return {
    'article.list': (input, ctx) => articles.list(input.offset, viewerOf(ctx.actor, ctx.cuid)),
    'article.show': (input, ctx) => articles.show(input.id, ctx.actor, ctx.cuid),
    'article.showWaikan': (input, ctx) => articles.show(input.id, ctx.actor, ctx.cuid),
    'article.forYou': (input, ctx) => articles.forYou(input.offset, viewerOf(ctx.actor, ctx.cuid)),
    'article.newCount': (_input, ctx) => articles.newCount(viewerOf(ctx.actor, ctx.cuid)),
    'article.topic': (input) => articles.topic(input.q, input.author, input.level, input.offset),
    'article.labels': () => articles.labels(),
    'author.show': (input) => articles.author(input.id),
    'search.articles': (input, ctx) => articles.search(input.q, input.offset, ctx.actor),
    'article.manage': (input) => editorial.list({ status: input.status, source: input.source, q: input.q }, input.offset),
    'article.edit': (input) => editorial.manageView(input.id),
    'article.create': (input, ctx) => editorial.create(editor(ctx), input.article),
    'article.update': (input, ctx) => editorial.update(editor(ctx), input.id, input.article),
    'article.lock': (input, ctx) => editorial.lock(editor(ctx), input.id, input.is_lock),
    'article.audit': (input, ctx) => editorial.audit(editor(ctx), input.id, input.action, input.reason),
    'article.publish': (input, ctx) => editorial.publish(editor(ctx), input.id, input.status, input.published_at),
    'article.delete': (input, ctx) => editorial.delete(editor(ctx), input.id),
    'article.redownload': (input, ctx) => editorial.queueRedownload(input.id, ctx.actor.user.id),
  };
}
