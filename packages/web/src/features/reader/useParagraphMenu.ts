import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Paragraph } from '@changdu/contract';
import type { TextSelection } from './useTextSelection';

/**
 * The paragraph menu (issue 11 §3): a tap on a paragraph's margin handle picks the whole
 * paragraph as if it were selected, so the selection toolbar — highlight, note, copy, 翻译,
 * 解析, 问 AI — acts on it with the same handlers. A handle, not a long press: on a phone a
 * long press on text starts the system's own selection, which already opens the toolbar for
 * what it selects.
 */
export function useParagraphMenu(paragraphs: ReadonlyMap<string, Paragraph>): {
  picked: TextSelection | null;
  /** Opens (or, on the open one, closes) the menu when the tap was on a handle; false for any other tap. */
  onTap: (target: EventTarget | null) => boolean;
  close: () => void;
} {
  const [open, setOpen] = useState<{ id: string; handle: HTMLElement } | null>(null);
  const [, setScrolled] = useState(0);
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest('.selection-toolbar, [data-para-menu]')) setOpen(null);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(null);
    // The toolbar stays beside its handle while the page moves.
    const onScroll = () => setScrolled((n) => n + 1);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll);
    };
  }, [open]);

  const onTap = useCallback(
    (target: EventTarget | null) => {
      const handle = target instanceof Element ? target.closest<HTMLElement>('[data-para-menu]') : null;
      const id = handle?.dataset.paraMenu;
      if (!handle || !id || !paragraphs.has(id)) return false;
      setOpen((old) => (old?.id === id ? null : { id, handle }));
      return true;
    },
    [paragraphs],
  );

  const paragraph = open ? paragraphs.get(open.id) : undefined;
  const range = useMemo(
    () =>
      paragraph
        ? {
            root: paragraph.id,
            start: 0,
            end: paragraph.text.length,
            text: paragraph.text,
            ...(paragraph.sentences.length === 1 ? { sentenceId: paragraph.sentences[0]!.id } : {}),
          }
        : null,
    [paragraph],
  );
  // Measured when drawn (only while the menu is open): the toolbar goes under the handle, centred
  // on the paragraph (the handle is at the screen's edge, where a wide toolbar would not fit).
  const handleBox = open && typeof open.handle.getBoundingClientRect === 'function' ? open.handle.getBoundingClientRect() : null;
  const textBox = open?.handle.nextElementSibling?.getBoundingClientRect() ?? handleBox;
  const box =
    handleBox && textBox && handleBox.height > 0
      ? { top: handleBox.top, bottom: handleBox.bottom, left: textBox.left, right: textBox.right }
      : null;
  const picked = range ? { range, box } : null;
  return { picked, onTap, close };
}
