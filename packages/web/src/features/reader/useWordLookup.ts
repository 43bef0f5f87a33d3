import { useState, type RefObject } from 'react';
import type { Paragraph } from '@changdu/contract';
import { useWordCursor } from './useWordCursor';
import type { WordTarget } from './WordSheet';

/**
 * The word whose sheet is open, and the keyboard's way to one (the word cursor on the text). A
 * tap, a key word or the cursor opens a word; `first` is one already open when the reader starts.
 */
export function useWordLookup(
  body: RefObject<HTMLElement | null>,
  paragraphs: ReadonlyMap<string, Paragraph>,
  first: WordTarget | null = null,
) {
  const [word, setWord] = useState<WordTarget | null>(first);
  const cursor = useWordCursor(body, paragraphs, setWord);
  return { word, open: setWord, close: () => setWord(null), cursor };
}

export type WordLookup = ReturnType<typeof useWordLookup>;
