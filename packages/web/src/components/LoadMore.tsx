import { useEffect, useRef } from 'react';

export interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The next page failed: stop loading by itself and offer a retry. */
  failed?: boolean;
  /** Load when the end of the list scrolls into view (infinite scroll); off → the button only. */
  auto?: boolean;
  /** Shown when every page has been loaded; leave out for no end line. */
  endText?: string;
}

/** Where the list reveals the next page early, before the reader reaches the very end. */
const PRELOAD_MARGIN = '600px 0px';

/**
 * The foot of a paged list. With `auto`, an observer loads the next page as the foot
 * nears the screen; the "加载更多" button stays as the fallback (no IntersectionObserver,
 * keyboard users) and as the retry after a failure.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, failed = false, auto = true, endText }: LoadMoreProps) {
  const footRef = useRef<HTMLDivElement>(null);
  const fetchRef = useRef(fetchNextPage);
  useEffect(() => {
    fetchRef.current = fetchNextPage;
  });

  const watching = auto && hasNextPage && !isFetchingNextPage && !failed;
  useEffect(() => {
    const foot = footRef.current;
    if (!watching || !foot || typeof IntersectionObserver === 'undefined') return;
    // A new observer per page: its first report says whether the foot is still in view
    // (a short page), so loading continues until the screen is filled.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchRef.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(foot);
    return () => observer.disconnect();
  }, [watching]);

  // At the end with nothing to say, the foot takes no room.
  if (!hasNextPage && !isFetchingNextPage && !failed && !endText) return null;
  return (
    <div ref={footRef} className="load-more">
      {isFetchingNextPage ? (
        <span className="load-more-busy" role="status">
          <span className="spinner spinner-small" aria-hidden="true" />
          加载中…
        </span>
      ) : failed ? (
        <button type="button" className="button button-secondary button-small" onClick={() => void fetchNextPage()}>
          加载失败，重试
        </button>
      ) : hasNextPage ? (
        <button type="button" className="button button-secondary button-small" onClick={() => void fetchNextPage()}>
          加载更多
        </button>
      ) : (
        endText && <span className="load-more-end">{endText}</span>
      )}
    </div>
  );
}
