// Constants of the magazines calls with no zod, so the web client (client.ts) loads them without the schemas.

/**
 * A magazine issue's review and publication state (docs/articles.md § Magazines): `draft` while
 * it is built (crawl, upload, download), `approved` or `rejected` (with a reason) by audit,
 * `published` with its approved articles, `offline` when withdrawn.
 */
export const magazineStatuses = ['draft', 'approved', 'rejected', 'published', 'offline'] as const;
export type MagazineStatus = (typeof magazineStatuses)[number];

export const magazineStatusLabels: Record<MagazineStatus, string> = {
  draft: '制作中',
  approved: '审核通过',
  rejected: '未通过',
  published: '已发布',
  offline: '已撤回',
};

/** Where an article of an issue stands: found (pending), downloaded into an article, or failed (with its error). */
export const magazineArticleStates = ['pending', 'downloaded', 'failed'] as const;
export type MagazineArticleState = (typeof magazineArticleStates)[number];

/** A manager's review of one article of an issue. */
export const magazineReviews = ['unreviewed', 'approved', 'rejected'] as const;
export type MagazineReview = (typeof magazineReviews)[number];
