// Constants of the collections calls with no zod, so the web client (client.ts) loads them without the schemas.

/** Most articles one collection holds. */
export const COLLECTION_MAX_ARTICLES = 200;

/** What a reader can do to a collection (spec: POST /reader/collection/{id}/mark {action}). */
export const collectionActions = ['star', 'unstar', 'follow', 'unfollow'] as const;
export type CollectionAction = (typeof collectionActions)[number];

/** Filters of the managers' list: published, private (never published or withdrawn), deleted. */
export const collectionStates = ['published', 'private', 'deleted'] as const;
export const collectionStateLabels: Record<(typeof collectionStates)[number], string> = {
  published: '已发布',
  private: '未发布',
  deleted: '已删除',
};

export const creatorApplicationStatuses = ['pending', 'approved', 'refused'] as const;
export const creatorApplicationLabels: Record<(typeof creatorApplicationStatuses)[number], string> = {
  pending: '审核中',
  approved: '已通过',
  refused: '未通过',
};
