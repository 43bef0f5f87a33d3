import { useEffect, useState } from 'react';
import { keepArticle } from './keep';

/**
 * Keeps the open article for reading offline (see keep.ts) and answers whether it is all kept.
 * `images` are read from the drawn article once it shows.
 */
export function useOfflineKeep(articleId: number, shown: boolean, loggedIn: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    const images = [...document.querySelectorAll<HTMLImageElement>('.reader img')].map((img) => img.currentSrc || img.src).filter(Boolean);
    void keepArticle(articleId, loggedIn, images)
      .then((kept) => live && setReady(kept))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [articleId, shown, loggedIn]);
  return ready;
}
