import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CollectionDetail, EndpointName } from '@changdu/contract';
import { call, unwrap, type ApiError, type Output } from './client';
import { apiKey, useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

/* ---- Collections ---- */

const COLLECTION_LISTS: EndpointName[] = [
  'collection.list',
  'collection.random',
  'collection.follow',
  'collection.mystar',
  'collection.mine',
  'collection.manage',
  'creator.show',
  'creator.following',
];

function refreshLists(queryClient: QueryClient) {
  return Promise.all(COLLECTION_LISTS.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}

export function usePublishedCollections(order: 'new' | 'hot') {
  return useApiInfiniteQuery('collection.list', { order });
}

/** A few published collections at random; `seed` asks for another batch. */
export function useRandomCollections(seed: number, size = 4) {
  return useQuery<Output<'collection.random'>, ApiError>({
    queryKey: [...apiKey('collection.random', { size }), seed],
    queryFn: ({ signal }) => unwrap(call('collection.random', { size }, { signal })),
    staleTime: Infinity,
  });
}

export function useFollowedCollections(enabled = true) {
  return useApiInfiniteQuery('collection.follow', {}, { enabled });
}

export function useStarredCollections(enabled = true) {
  return useApiInfiniteQuery('collection.mystar', {}, { enabled });
}

export function useMyCollections(enabled = true) {
  return useApiInfiniteQuery('collection.mine', {}, { enabled });
}

export function useManagedCollections(filter: { state?: 'published' | 'private' | 'deleted'; q?: string }) {
  return useApiInfiniteQuery('collection.manage', filter);
}

export function useCollection(id: number, enabled = true) {
  return useApiQuery('collection.show', { id }, { enabled });
}

/** The next article after `articleId` in the collection (the end of the reader). */
export function useNextInCollection(id: number, articleId: number) {
  return useApiQuery('collection.next', { id, article_id: articleId }, { staleTime: 60_000 });
}

/** Creates or saves a collection; its page and every list show the change. */
export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useApiMutation('collection.add', {
    onSuccess: (detail) => {
      queryClient.setQueryData<CollectionDetail>(apiKey('collection.show', { id: detail.id }), detail);
      void refreshLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['collection.next'] });
    },
  });
}

export function usePublishCollection() {
  const queryClient = useQueryClient();
  return useApiMutation('collection.publish', {
    onSuccess: (collection) => {
      queryClient.setQueryData<CollectionDetail>(apiKey('collection.show', { id: collection.id }), (old) =>
        old ? { ...old, ...collection } : old,
      );
      void refreshLists(queryClient);
    },
  });
}

export function useMarkCollection(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation('collection.mark', {
    onSuccess: (marks) => {
      queryClient.setQueryData<CollectionDetail>(apiKey('collection.show', { id }), (old) =>
        old
          ? {
              ...old,
              star_count: marks.star_count,
              follower_count: marks.follower_count,
              me: old.me ? { ...old.me, starred: marks.starred, followed: marks.followed } : old.me,
            }
          : old,
      );
      void refreshLists(queryClient);
    },
  });
}

export function useDestroyCollection() {
  const queryClient = useQueryClient();
  return useApiMutation('collection.destory', {
    onSuccess: (_ok, input) => {
      queryClient.removeQueries({ queryKey: apiKey('collection.show', { id: input.id }) });
      void refreshLists(queryClient);
    },
  });
}

/* ---- Creators ---- */

export function useCreators() {
  return useApiInfiniteQuery('creator.list', {});
}

export function useCreator(id: number) {
  return useApiQuery('creator.show', { id });
}

export function useFollowingWork(enabled = true) {
  return useApiInfiniteQuery('creator.following', {}, { enabled });
}

export function useFollowCreator(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation('creator.follow', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKey('creator.show', { id }) });
      void queryClient.invalidateQueries({ queryKey: ['creator.list'] });
      void queryClient.invalidateQueries({ queryKey: ['creator.following'] });
    },
  });
}

/** Managers: link an editorial byline to a creator (or none). */
export function useSetByline(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation('creator.byline', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKey('creator.show', { id }) }),
  });
}

export function useMyApplication(enabled = true) {
  return useApiQuery('creator.myApplication', {}, { enabled });
}

export function useApplyCreator() {
  const queryClient = useQueryClient();
  return useApiMutation('creator.apply', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['creator.myApplication'] }),
  });
}

export function useApplications(status: 'pending' | 'approved' | 'refused') {
  return useApiInfiniteQuery('creator.applications', { status });
}

export function useReviewApplication() {
  const queryClient = useQueryClient();
  return useApiMutation('creator.review', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['creator.applications'] });
      void queryClient.invalidateQueries({ queryKey: ['creator.list'] });
    },
  });
}
