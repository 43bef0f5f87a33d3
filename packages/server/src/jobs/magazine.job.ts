import type { MagazinesService } from '../modules/magazines/index.js';
import { handle } from './job.js';
import { crawlMagazineKind, downloadMagazineKind } from './kinds.js';

export function crawlMagazineJob(magazines: MagazinesService) {
  return handle(crawlMagazineKind, async ({ magazine_id }, ctx) => ({
    ...(await magazines.crawl(magazine_id, ctx.progress)),
    link: `/admin/magazine/${magazine_id}`,
  }));
}

export function downloadMagazineJob(magazines: MagazinesService) {
  return handle(downloadMagazineKind, async ({ magazine_id, user_id }, ctx) => ({
    ...(await magazines.downloadArticles(magazine_id, user_id, ctx.progress)),
    link: `/admin/magazine/${magazine_id}`,
  }));
}
