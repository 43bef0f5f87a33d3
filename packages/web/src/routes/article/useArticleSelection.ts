import { useEffect, type RefObject } from 'react';
import type { Paragraph } from '@changdu/contract';
import { useParagraphMenu } from '../../features/reader/useParagraphMenu';
import { useTextSelection } from '../../features/reader/useTextSelection';

/**
 * What the selection toolbar acts on in an article: the text the reader selected, or else a whole
 * paragraph picked by its menu handle. A selection replaces an open paragraph menu.
 */
export function useArticleSelection(body: RefObject<HTMLElement | null>, paragraphs: ReadonlyMap<string, Paragraph>) {
  const [selected, clearSelection] = useTextSelection(body, paragraphs);
  const menu = useParagraphMenu(paragraphs);
  const closeMenu = menu.close;
  useEffect(() => {
    if (selected) closeMenu();
  }, [selected, closeMenu]);
  return {
    selection: selected ?? menu.picked,
    /** The toolbar is for a paragraph picked by its menu, not a selection. */
    byMenu: !selected,
    /** Takes a tap on a paragraph's menu handle (true), else leaves it (false). */
    onTap: menu.onTap,
    clear: () => {
      clearSelection();
      closeMenu();
    },
  };
}

export type ArticleSelection = ReturnType<typeof useArticleSelection>;
