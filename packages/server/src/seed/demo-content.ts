import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { articlesRepo } from '../modules/articles/articles.repo.js';
import { articleMetaRepo } from '../modules/articles/article-meta.repo.js';
import { prepareContent } from '../modules/articles/article-content.js';
import { paragraphFromText } from '../modules/articles/structure.js';
import type { Ecdict } from '../modules/dictionary/ecdict.js';
import { demoArticles, FEED_ONLY } from '../modules/demo/demo-articles.js';
import { rssRepo } from '../modules/rss/rss.repo.js';

/**
 * First start with SEED_DEMO: the original demo articles, published with their
 * translations, and the app's own demo feed (whose two articles are not yet in the app).
 * Later starts, or a database that has articles, get nothing.
 */
export async function seedDemoContent(db: Db, dict: Ecdict, clock: Clock, feedUrl: string): Promise<number> {
  const repo = articlesRepo(db);
  if ((await repo.list({}, 0, 1)).length > 0) return 0;
  const meta = articleMetaRepo(db);
  const now = clock.now().toISOString();
  let count = 0;
  for (const a of demoArticles()) {
    if (FEED_ONLY.has(a.slug)) continue;
    const paragraphs = a.paragraphs.map((p) => paragraphFromText('p', p.en, p.zh));
    await repo.insert(
      {
        status: 'published',
        title: a.title,
        title_zh: a.title_zh,
        summary: a.summary,
        summary_zh: a.summary_zh,
        author_id: await meta.authorId(a.author, now),
        source: a.source,
        url: null,
        feed_id: null,
        cover: null,
        topics: JSON.stringify(a.topics),
        ...prepareContent(paragraphs, dict),
        level_override: null,
        is_lock: count % 5 === 4 ? 1 : 0,
        reject_reason: null,
        audio: null,
        pdf: null,
        poster: null,
        views: 0,
        published_at: new Date(a.published_at).toISOString(),
        created_at: now,
        updated_at: now,
      },
      a.topics,
    );
    count += 1;
  }
  const rss = rssRepo(db);
  if (!(await rss.feedByUrl(feedUrl))) {
    await rss.insertFeed({
      url: feedUrl,
      title: 'Changdu Originals (demo feed)',
      site_url: null,
      description: '应用自带的演示订阅源',
      created_by: null,
      created_at: now,
    });
  }
  return count;
}
