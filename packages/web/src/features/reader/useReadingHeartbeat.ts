import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshReadData } from '../../api/reader.queries';
import { ReadingHeartbeat } from './heartbeat';

const ACTIVITY_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Runs the reading-time heartbeat while a logged-in reader has the article open.
 * Returns `finish()`, which makes the next report carry is_finish (once).
 */
export function useReadingHeartbeat(articleId: number, enabled: boolean, bookId?: number): () => void {
  const queryClient = useQueryClient();
  const beat = useRef<ReadingHeartbeat | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const heartbeat = new ReadingHeartbeat({
      articleId,
      ...(bookId !== undefined ? { bookId } : {}),
      onCredited: () => refreshReadData(queryClient),
    });
    beat.current = heartbeat;
    const onActivity = () => heartbeat.activity();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') heartbeat.flush(true);
      else heartbeat.activity();
    };
    const onHide = () => heartbeat.flush(true);
    const onOnline = () => heartbeat.online();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('online', onOnline);
    heartbeat.start();
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('online', onOnline);
      heartbeat.stop();
      beat.current = null;
    };
  }, [articleId, bookId, enabled, queryClient]);

  return useCallback(() => beat.current?.finish(), []);
}
