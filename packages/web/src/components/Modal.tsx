import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A dialog: a bottom sheet on phones, a centred card on wide screens. Closes by
 * Escape, a click outside, or a downward swipe (spec §2, §9). It is modal for the keyboard
 * too: named by its title, focused when it opens, Tab kept inside, focus given back to what
 * had it when it closes. Open modals form a
 * stack; each sits at z-index 1000 + 2 × its stack index (backdrop, then panel one
 * above), so a modal opened from a modal covers it and Escape closes the top one only.
 */

export const MODAL_BASE_Z = 1000;
/** A swipe closes when it travels this share of the panel's height… */
export const SWIPE_CLOSE_RATIO = 0.1;
/** …or when it is a quick flick, finished within this time. */
export const SWIPE_FAST_MS = 300;
/** Below this a touch is a tap or jitter, not a swipe. */
const SWIPE_MIN_PX = 8;

export function modalZIndex(stackIndex: number): number {
  return MODAL_BASE_Z + 2 * stackIndex;
}

/** Whether a downward swipe of `distance` px over `elapsedMs` on a panel of `height` px closes it. */
export function swipeCloses(distance: number, elapsedMs: number, height: number): boolean {
  if (distance < SWIPE_MIN_PX) return false;
  return (height > 0 && distance >= height * SWIPE_CLOSE_RATIO) || elapsedMs <= SWIPE_FAST_MS;
}

// The stack of open modals, bottom first. A modal rendered inside another sorts above
// it even when both mount together (a child's effects run before its parent's); among
// equals, the later opened is on top.
interface StackEntry {
  id: string;
  depth: number;
  seq: number;
}
let stack: readonly StackEntry[] = [];
let seq = 0;
const listeners = new Set<() => void>();
const DepthContext = createContext(-1);

function setStack(next: readonly StackEntry[]): void {
  stack = [...next].sort((a, b) => a.depth - b.depth || a.seq - b.seq);
  document.body.classList.toggle('modal-open', stack.length > 0);
  for (const listener of listeners) listener();
}
function subscribeStack(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Extra class on the panel, e.g. for a wider dialog. */
  className?: string;
  /** Already on screen (drawn before the app started, in the same place): no entrance animation. */
  settled?: boolean;
}

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls Tab reaches inside `panel`, in order (a closed <details>' content and hidden parts left out). */
function tabbables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => !el.closest('[hidden], [inert]') && !(el.closest('details:not([open])') && !el.matches('details > summary')),
  );
}

/**
 * Keeps a Tab inside the panel: from its last control (or the panel itself, going back) it wraps
 * around. Answers whether it moved focus itself (the key's default must then not run).
 */
function trapTab(panel: HTMLElement, back: boolean): boolean {
  const list = tabbables(panel);
  const active = document.activeElement;
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) {
    panel.focus({ preventScroll: true });
    return true;
  }
  const inside = active instanceof HTMLElement && panel.contains(active) && active !== panel;
  const target = back ? (!inside || active === first ? last : null) : !inside || active === last ? first : null;
  if (!target) return false;
  target.focus();
  return true;
}

export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ onClose, title, children, className, settled }: ModalProps) {
  const id = useId();
  const depth = useContext(DepthContext) + 1;
  const titleId = `${id}-title`;
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const pressStartedOutside = useRef(false);
  const swipe = useRef<{ y: number; at: number; height: number } | null>(null);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // Join the stack before paint so the first frame already has the right z-index.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setStack([...stack, { id, depth, seq: seq++ }]);
    panelRef.current?.focus({ preventScroll: true });
    return () => {
      setStack(stack.filter((entry) => entry.id !== id));
      opener?.focus({ preventScroll: true });
    };
  }, [id, depth]);

  const index = useSyncExternalStore(
    subscribeStack,
    () => stack.findIndex((entry) => entry.id === id),
    () => 0,
  );
  const z = modalZIndex(Math.max(0, index === -1 ? stack.length : index));

  // The top modal keeps the keyboard: Escape closes it, Tab cycles through its controls, and focus
  // that lands outside it (a click on the backdrop, a script) comes back to it.
  useEffect(() => {
    const onTop = () => stack[stack.length - 1]?.id === id;
    const onKey = (event: KeyboardEvent) => {
      if (!onTop()) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && panelRef.current && trapTab(panelRef.current, event.shiftKey)) {
        event.preventDefault();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const panel = panelRef.current;
      if (onTop() && panel && event.target instanceof Node && !panel.contains(event.target)) panel.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [id]);

  const setOffset = (dy: number) => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
    panel.style.transition = dy > 0 ? 'none' : '';
  };

  return createPortal(
    <>
      <div className={settled ? 'modal-backdrop modal-settled' : 'modal-backdrop'} style={{ zIndex: z }} aria-hidden="true" />
      <div
        className="modal-layer"
        style={{ zIndex: z + 1 }}
        data-testid="modal-layer"
        // Outside click: both press and release on the layer, so selecting text inside
        // the panel and releasing outside does not close it.
        onMouseDown={(event) => {
          pressStartedOutside.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget && pressStartedOutside.current) onClose();
        }}
      >
        <div
          ref={panelRef}
          className={`modal-panel${className ? ` ${className}` : ''}${settled ? ' modal-settled' : ''}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          onTouchStart={(event) => {
            const touch = event.touches[0];
            // Only a swipe that starts with the content scrolled to the top closes:
            // otherwise the reader is scrolling the content back up.
            if (!touch || (bodyRef.current?.scrollTop ?? 0) > 0) {
              swipe.current = null;
              return;
            }
            swipe.current = {
              y: touch.clientY,
              at: Date.now(),
              height: panelRef.current?.getBoundingClientRect().height ?? 0,
            };
          }}
          onTouchMove={(event) => {
            const touch = event.touches[0];
            if (swipe.current && touch) setOffset(touch.clientY - swipe.current.y);
          }}
          onTouchEnd={(event) => {
            const start = swipe.current;
            const touch = event.changedTouches[0];
            swipe.current = null;
            setOffset(0);
            if (start && touch && swipeCloses(touch.clientY - start.y, Date.now() - start.at, start.height)) onClose();
          }}
          onTouchCancel={() => {
            swipe.current = null;
            setOffset(0);
          }}
        >
          <div className="modal-grabber" aria-hidden="true" />
          <header className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            <button type="button" className="icon-button" aria-label="关闭" onClick={onClose}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div ref={bodyRef} className="modal-body">
            <DepthContext.Provider value={depth}>{children}</DepthContext.Provider>
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}
