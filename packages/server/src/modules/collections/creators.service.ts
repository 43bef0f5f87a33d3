import type { CreatorApplication } from '@changdu/contract';
import { isUniqueViolation, transaction, type Db } from '../../db/client.js';
import type { Actor, UserActor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import type { ArticlesService } from '../articles/index.js';
import type { UsersService } from '../users/index.js';
import type { CollectionsService } from './collections.service.js';
import { creatorsRepo, type ApplicationRow, type CreatorRow } from './creators.repo.js';

const PAGE = 20;
const ARTICLES_ON_PAGE = 10;


export interface CreatorsDeps {
  articles: Pick<ArticlesService, 'topic' | 'author'>;
  users: Pick<UsersService, 'namesOf' | 'byUsername'>;
  collections: Pick<CollectionsService, 'publishedBy' | 'countPublishedBy' | 'byFollowedCreators' | 'save' | 'publish'>;
}

/**
 * Creators: users a manager approved after an application. The creators row is the flag; a
 * creator's page lists their published collections and, when a manager linked their byline,
 * the articles published under it. Followers see their new collections on a "following" tab.
 */
export function creatorsService(db: Db, clock: Clock, deps: CreatorsDeps) {
  const repo = creatorsRepo(db);
  const now = () => clock.now().toISOString();

  async function present(rows: readonly CreatorRow[]) {
    const ids = rows.map((r) => r.user_id);
    const [names, counts] = await Promise.all([deps.users.namesOf(ids), deps.collections.countPublishedBy(ids)]);
    return rows.map((r) => ({
      id: r.user_id,
      name: names.get(r.user_id) ?? '已注销用户',
      bio: r.bio,
      avatar: r.avatar,
      follower_count: r.follower_count,
      collection_count: counts.get(r.user_id) ?? 0,
      created_at: r.created_at,
    }));
  }

  async function presentApplications(rows: readonly ApplicationRow[]): Promise<CreatorApplication[]> {
    const names = await deps.users.namesOf(rows.map((r) => r.user_id));
    return rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, username: names.get(r.user_id) ?? '已注销用户' },
      statement: r.statement,
      bio: r.bio,
      status: r.status,
      reason: r.reason,
      created_at: r.created_at,
      reviewed_at: r.reviewed_at,
    }));
  }

  async function creator(id: number): Promise<CreatorRow> {
    const row = await repo.find(id);
    if (!row) throw new NotFound('创作者不存在');
    return row;
  }

  return {
    isCreator: async (userId: number) => Boolean(await repo.find(userId)),

    async list(offset: number) {
      return pageOf(await present(await repo.list(offset, PAGE + 1)), offset, PAGE);
    },

    async show(actor: Actor, id: number) {
      const row = await creator(id);
      const [profile] = await present([row]);
      const collections = await deps.collections.publishedBy(id);
      const byline = row.author_id === null ? null : await deps.articles.author(row.author_id).catch(() => null);
      const articles = byline ? (await deps.articles.topic(undefined, byline.id, undefined, 0)).list.slice(0, ARTICLES_ON_PAGE) : [];
      return {
        ...profile!,
        article_count: byline?.article_count ?? 0,
        byline: byline ? { id: byline.id, name: byline.name } : null,
        me: actor.kind === 'user' ? { followed: await repo.follows(actor.user.id, id) } : null,
        collections,
        articles,
      };
    },

    async follow(actor: UserActor, id: number, status: boolean) {
      await creator(id);
      if (id === actor.user.id) throw new Invalid('不能关注自己');
      await transaction(db, () => repo.setFollow(actor.user.id, id, status, now()));
      return { followed: await repo.follows(actor.user.id, id), follower_count: (await creator(id)).follower_count };
    },

    /** Links an editorial byline (or none) to a creator: their page then lists its published articles. */
    async setByline(id: number, authorId: number | null) {
      await creator(id);
      const author = authorId === null ? null : await deps.articles.author(authorId).catch(() => null);
      if (authorId !== null && !author) throw new Invalid('作者不存在');
      await repo.setByline(id, author?.id ?? null);
      return { author: author ? { id: author.id, name: author.name } : null };
    },

    following: (actor: UserActor, offset: number) => deps.collections.byFollowedCreators(actor, offset),

    async apply(actor: UserActor, input: { statement: string; bio?: string | undefined }) {
      if (await repo.find(actor.user.id)) throw new Conflict('你已经是创作者了');
      try {
        const row = await repo.addApplication(actor.user.id, input.statement, input.bio ?? null, now());
        return (await presentApplications([row]))[0]!;
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict('你的申请正在审核中，请耐心等待');
        throw error;
      }
    },

    async mine(actor: UserActor) {
      const latest = await repo.latestApplication(actor.user.id);
      return {
        is_creator: Boolean(await repo.find(actor.user.id)),
        application: latest ? (await presentApplications([latest]))[0]! : null,
      };
    },

    async applications(status: ApplicationRow['status'], offset: number) {
      return pageOf(await presentApplications(await repo.applications(status, offset, PAGE + 1)), offset, PAGE);
    },

    /**
     * First start with demo content: the demo reader (username `demo`) becomes a creator with one
     * published collection of the newest demo articles, so the screens are alive. Once only.
     */
    async seedDemo(): Promise<boolean> {
      const demo = await deps.users.byUsername('demo');
      if (!demo || (await repo.find(demo.id))) return false;
      const newest = (await deps.articles.topic(undefined, undefined, undefined, 0)).list.slice(0, 4);
      if (newest.length === 0) return false;
      const actor: UserActor = { kind: 'user', role: 'user', user: demo, tokenId: 0 };
      // One transaction: seeding runs once (it skips a demo who is a creator), so a failure
      // between the writes must not leave a creator whose collection stays private for ever.
      await transaction(db, async () => {
        await repo.make(demo.id, '喜欢科学和城市漫步的英语学习者，整理适合入门的外刊文章。', now());
        const saved = await deps.collections.save(actor, {
          title: '入门精选：先读这几篇',
          description: '刚开始读外刊？按顺序读这几篇，篇幅不长，话题各不相同。',
          articles: newest.map((a, i) => ({ article_id: a.id, note: i === 0 ? '从这篇开始' : undefined })),
        });
        await deps.collections.publish(actor, saved.id, false);
      });
      return true;
    },

    /** Approves (the applicant becomes a creator) or refuses a pending application, once. */
    async review(actor: UserActor, id: number, action: 'approve' | 'refuse', reason: string | undefined) {
      if (action === 'refuse' && !reason) throw new Invalid('请写明拒绝原因');
      const found = await repo.application(id);
      if (!found) throw new NotFound('申请不存在');
      await transaction(db, async () => {
        const at = now();
        const decided = await repo.decide(id, action === 'approve' ? 'approved' : 'refused', reason ?? null, actor.user.id, at);
        if (!decided) throw new Conflict('这份申请已经审核过了');
        if (action === 'approve') await repo.make(found.user_id, found.bio, at);
      });
      return (await presentApplications([(await repo.application(id))!]))[0]!;
    },
  };
}

export type CreatorsService = ReturnType<typeof creatorsService>;
