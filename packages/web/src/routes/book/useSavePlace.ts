import { useCallback, useEffect, type RefObject } from 'react';
import { useSavePos } from '../../api/books.queries';
import { attrValue } from '../../features/reader/notes';

const SAVE_EVERY_MS = 1500;

/** The paragraph at the top of the reading area, its first sentence, and how far through the chapter the reader is. */
function currentPlace(body: HTMLElement): { paragraph: string | null; sentence: string | null; fraction: number } {
  const top = 72;
  const blocks = Array.from(body.querySelectorAll<HTMLElement>('[data-pid]'));
  const at = blocks.find((el) => el.getBoundingClientRect().bottom > top) ?? blocks[blocks.length - 1];
  const rect = body.getBoundingClientRect();
  const span = Math.max(1, rect.height - window.innerHeight / 2);
  const fraction = Math.min(1, Math.max(0, (top - rect.top) / span));
  const paragraph = at?.dataset.pid ?? null;
  return { paragraph, sentence: paragraph ? `${paragraph}-s1` : null, fraction: Math.round(fraction * 1000) / 1000 };
}

/** Saves a logged-in reader's place in the book as they move (at most every 1.5 s, and when leaving). */
export function useSavePlace(body: RefObject<HTMLElement | null>, bookId: number, chapter: number, loggedIn: boolean) {
  const savePos = useSavePos();
  const save = useCallback(() => {
    const element = body.current;
    if (!loggedIn || !element) return;
    const place = currentPlace(element);
    savePos.mutate({ id: bookId, pos: { chapter, ...place, at: new Date().toISOString() } });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- savePos.mutate is stable
  }, [body, loggedIn, bookId, chapter]);
  useEffect(() => {
    if (!loggedIn) return;
    let timer: number | undefined;
    const onScroll = () => {
      if (timer === undefined) timer = window.setTimeout(() => ((timer = undefined), save()), SAVE_EVERY_MS);
    };
    const first = window.setTimeout(save, SAVE_EVERY_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.clearTimeout(first);
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, [loggedIn, save]);
}

/** Opens the chapter at the saved paragraph (once), else at the top. */
export function useOpenAtPlace(paragraph: string | null) {
  useEffect(() => {
    if (paragraph) document.querySelector<HTMLElement>(`[data-pid="${attrValue(paragraph)}"]`)?.scrollIntoView({ block: 'start' });
  }, [paragraph]);
}
