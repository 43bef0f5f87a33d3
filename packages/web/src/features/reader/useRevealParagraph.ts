import { useEffect } from 'react';
import { attrValue, revealInText } from './notes';

/**
 * A paragraph asked for by the address (a note in 我的笔记, a table-of-contents section): scrolled
 * to and flashed, again whenever `visit` changes (another article, another visit to the address).
 */
export function useRevealParagraph(paragraphId: string | null, visit: unknown) {
  useEffect(() => {
    if (paragraphId) revealInText(`[data-pid="${attrValue(paragraphId)}"]`);
  }, [paragraphId, visit]);
}
