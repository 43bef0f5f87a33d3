import type { Handlers } from '../../http/register-endpoints.js';
import type { CollectionsService } from './collections.service.js';
import type { CreatorsService } from './creators.service.js';

type Names =
  | 'collection.add'
  | 'collection.publish'
  | 'collection.mark'
  | 'collection.destory'
  | 'collection.list'
  | 'collection.random'
  | 'collection.follow'
  | 'collection.mystar'
  | 'collection.mine'
  | 'collection.manage'
  | 'collection.show'
  | 'collection.next'
  | 'creator.list'
  | 'creator.show'
  | 'creator.follow'
  | 'creator.following'
  | 'creator.byline'
  | 'creator.apply'
  | 'creator.myApplication'
  | 'creator.applications'
  | 'creator.review';

export function collectionsRoutes(collections: CollectionsService, creators: CreatorsService): Pick<Handlers, Names> {
  return {
    'collection.add': (input, ctx) => collections.save(ctx.actor, input),
    'collection.publish': (input, ctx) => collections.publish(ctx.actor, input.id, input.cancel),
    'collection.mark': (input, ctx) => collections.mark(ctx.actor, input.id, input.action),
    'collection.destory': (input, ctx) => collections.destroy(ctx.actor, input.id),
    'collection.list': (input) => collections.list(input.order, input.offset),
    'collection.random': (input) => collections.random(input.size),
    'collection.follow': (input, ctx) => collections.follow(ctx.actor, input.offset),
    'collection.mystar': (input, ctx) => collections.mystar(ctx.actor, input.offset),
    'collection.mine': (input, ctx) => collections.mine(ctx.actor, input.offset),
    'collection.manage': (input) => collections.manage({ state: input.state, q: input.q, ownerId: input.owner_id }, input.offset),
    'collection.show': (input, ctx) => collections.show(ctx.actor, input.id),
    'collection.next': (input, ctx) => collections.next(ctx.actor, input.id, input.article_id),
    'creator.list': (input) => creators.list(input.offset),
    'creator.show': (input, ctx) => creators.show(ctx.actor, input.id),
    'creator.follow': (input, ctx) => creators.follow(ctx.actor, input.id, input.status),
    'creator.following': (input, ctx) => creators.following(ctx.actor, input.offset),
    'creator.byline': (input) => creators.setByline(input.id, input.author_id),
    'creator.apply': (input, ctx) => creators.apply(ctx.actor, input),
    'creator.myApplication': (_input, ctx) => creators.mine(ctx.actor),
    'creator.applications': (input) => creators.applications(input.status, input.offset),
    'creator.review': (input, ctx) => creators.review(ctx.actor, input.id, input.action, input.reason),
  };
}
