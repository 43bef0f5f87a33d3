import { useState } from 'react';

export type PosterLayout = 'poster' | 'poster2';

/** Where the edited text of one article's poster in one layout is kept on this device. */
export const posterTextKey = (articleId: number, layout: PosterLayout) => `cd_poster_text_${articleId}_${layout}`;

/**
 * A manager's poster text, kept in localStorage per article and layout so that leaving the
 * screen does not lose it. Only an edit is kept: text equal to `standard` (the text made from the
 * article) removes the entry, so a later change to the article shows up on an unedited poster.
 */
export function usePosterText(articleId: number, layout: PosterLayout, standard: string) {
  const key = posterTextKey(articleId, layout);
  const [text, setText] = useState(() => attempt(() => localStorage.getItem(key)) ?? standard);
  const change = (next: string) => {
    setText(next);
    // Storage disabled or full: the edit lasts while the screen is open.
    attempt(() => (next === standard ? localStorage.removeItem(key) : localStorage.setItem(key, next)));
  };
  return { text, change, reset: () => change(standard), edited: text !== standard };
}

function attempt<T>(run: () => T): T | null {
  try {
    return run();
  } catch {
    return null;
  }
}
