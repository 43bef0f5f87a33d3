import { useEffect } from 'react';
import { scrollPage } from '../../lib/scroll';

const DOWN = new Set(['PageDown', 'ArrowDown', 'ArrowRight', ' ']);
const UP = new Set(['PageUp', 'ArrowUp', 'ArrowLeft']);

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Page steps by keyboard on the reading page (spec §2: window height − 250 px): PageDown,
 * Space and the down/right arrows go forward; PageUp, Shift+Space and the up/left arrows
 * back. Keys typed into a field, with a modifier, or while a dialog is open are left alone.
 */
export function usePageKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingInto(event.target) || document.body.classList.contains('modal-open')) return;
      const down = DOWN.has(event.key) && !(event.key === ' ' && event.shiftKey);
      const up = UP.has(event.key) || (event.key === ' ' && event.shiftKey);
      if (!down && !up) return;
      // A focused button or link takes Space itself.
      if (event.key === ' ' && event.target instanceof HTMLElement && event.target.closest('button, a')) return;
      event.preventDefault();
      scrollPage(down ? 'down' : 'up');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
