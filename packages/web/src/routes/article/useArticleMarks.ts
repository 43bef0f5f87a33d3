import { useEffect, type RefObject } from 'react';
import type { ArticleDetail } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useMarkArticle } from '../../api/reader.queries';
import { toast } from '../../lib/toast';

/** The article's star and finished marks, set by the reader (who must be logged in). */
export function useArticleMarks(article: ArticleDetail, needLogin: (why: string) => boolean, finishReading: () => void) {
  const mark = useMarkArticle(article.id);
  const toggle = (action: 'star' | 'finish', status: boolean) => {
    if (needLogin(action === 'star' ? '登录后可以收藏文章' : '登录后可以记录读完的文章')) return;
    if (action === 'finish' && status) finishReading();
    mark.mutate(
      { id: article.id, action, status },
      {
        onSuccess: () => toast(action === 'star' ? (status ? '已收藏' : '已取消收藏') : status ? '已标记为读完' : '已取消读完标记'),
        onError: (error) => toast(errorMessage(error)),
      },
    );
  };
  return { starred: article.me?.starred ?? false, finished: article.me?.finished ?? false, pending: mark.isPending, toggle };
}

export type ArticleMarks = ReturnType<typeof useArticleMarks>;

/** Reaching the end of a full article counts as finishing it, for the reading record. */
export function useFinishAtEnd(end: RefObject<HTMLElement | null>, enabled: boolean, finishReading: () => void) {
  useEffect(() => {
    const element = end.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) finishReading();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [end, enabled, finishReading]);
}
