import { paragraphFromText, type EditorialService } from '../articles/index.js';
import { demoArticles, FEED_ONLY } from './demo-articles.js';

/** What seeding needs: publishing finished articles, and registering a feed without fetching it. */
export interface DemoSeedDeps {
  editorial: Pick<EditorialService, 'importPublished' | 'isEmpty'>;
  registerFeed(feed: { url: string; title: string; description: string }): Promise<void>;
  /** The seeding moment: the articles are dated back from it. */
  now: Date;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * First start with SEED_DEMO: the original demo articles, published with their translations,
 * and the app's own demo feed (whose two articles are not yet in the app). Later starts, or a
 * database that has articles, get nothing. Returns how many articles were added.
 */
export async function seedDemoContent({ editorial, registerFeed, now }: DemoSeedDeps, feedUrl: string): Promise<number> {
  if (!(await editorial.isEmpty())) return 0;
  const seeded = demoArticles().filter((a) => !FEED_ONLY.has(a.slug));
  let count = 0;
  for (const a of seeded) {
    // Dated one a day up to the seeding moment, in their order: a fresh install looks like a live
    // site (this week's articles, /admin/poster's week of posters), where the dates the texts
    // were written would all be months old.
    const publishedAt = new Date(now.getTime() - (seeded.length - 1 - count) * DAY_MS - 60_000);
    await editorial.importPublished({
      title: a.title,
      title_zh: a.title_zh,
      summary: a.summary,
      summary_zh: a.summary_zh,
      byline: a.author,
      source: a.source,
      url: null,
      feedId: null,
      cover: null,
      topics: a.topics,
      publishedAt: publishedAt.toISOString(),
      paragraphs: a.paragraphs.map((p) => paragraphFromText('p', p.en, p.zh)),
      // Every fifth is members-only, so the lock can be seen on first start.
      isLock: count % 5 === 4,
    });
    count += 1;
  }
  await registerFeed({ url: feedUrl, title: 'Changdu Originals (demo feed)', description: '应用自带的演示订阅源' });
  return count;
}
