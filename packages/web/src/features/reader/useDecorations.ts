import { useMemo } from 'react';
import type { Note } from '@changdu/contract';
import type { Decorations } from './ArticleBody';
import type { WordClass } from './decorate';
import { highlightsByParagraph } from './notes';

/** What the body draws over the text: my notes as highlights, and the word marks. */
export function useDecorations(notes: readonly Note[], wordClass: WordClass): Decorations {
  const highlights = useMemo(() => highlightsByParagraph(notes), [notes]);
  return useMemo(() => ({ highlights, wordClass }), [highlights, wordClass]);
}
