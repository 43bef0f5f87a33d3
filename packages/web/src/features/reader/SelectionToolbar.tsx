import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { ColorPicker, type NoteColor } from './NoteEditor';

export interface SelectionBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface SelectionToolbarProps {
  box: SelectionBox | null;
  onColor: (color: NoteColor) => void;
  onComment: () => void;
  onCopy: () => void;
  /** More actions after 复制 (the AI actions). */
  extra?: ReactNode;
  /** What the toolbar acts on, for assistive technology: a selection (划线工具) unless told. */
  label?: string;
}

/** Room the sticky header takes: the toolbar goes below the selection when it would sit under it. */
const HEADER_ROOM = 120;
/** The toolbar's size before it has been measured (one row: colours, 写笔记, 复制). */
const DEFAULT_SIZE = { width: 340, height: 48 };
/** Its distance from the selection, and from the screen's sides. */
const GAP = 12;
const EDGE = 8;
/** The reading tools bar at the bottom of the screen. */
const TOOLS_ROOM = 64;

export interface ToolbarSize {
  width: number;
  height: number;
}

/**
 * Where the toolbar goes (its top and its centre, as `left`): by the selection, wholly on screen
 * at its measured size — with the AI actions it wraps to two rows and nearly fills a phone's width.
 */
export function placement(
  box: SelectionBox,
  size: ToolbarSize,
  screen: { width: number; height: number; touch: boolean },
): { top: number; left: number } {
  // On touch screens the system's own selection menu sits above the text: stay below it.
  const below = (screen.touch || box.top < HEADER_ROOM) && box.bottom + GAP + size.height < screen.height - TOOLS_ROOM;
  const wanted = below ? box.bottom + GAP : box.top - GAP - size.height;
  // A selection partly scrolled away still gets its toolbar on screen, clear of the top bar.
  const top = Math.min(Math.max(wanted, HEADER_ROOM / 2 + GAP), screen.height - size.height - TOOLS_ROOM);
  const half = size.width / 2;
  const centre = (box.left + box.right) / 2;
  const left = Math.min(Math.max(centre, half + EDGE), Math.max(half + EDGE, screen.width - half - EDGE));
  return { top, left };
}

function screenNow() {
  const touch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return { width: window.innerWidth, height: window.innerHeight, touch };
}

/**
 * The small toolbar over a text selection: five highlight colours, 写笔记 and 复制. It keeps
 * the selection alive by not taking focus on press.
 */
export function SelectionToolbar({ box, onColor, onComment, onCopy, extra, label = '划线工具' }: SelectionToolbarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<ToolbarSize>(DEFAULT_SIZE);
  // Measured once shown (its content decides its size); a changed size places it again.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!box || !el || el.offsetWidth === 0) return;
    if (el.offsetWidth !== size.width || el.offsetHeight !== size.height) setSize({ width: el.offsetWidth, height: el.offsetHeight });
  }, [box, size.width, size.height]);
  const style: CSSProperties | undefined = box ? placement(box, size, screenNow()) : undefined;
  return (
    <div
      ref={ref}
      className={`selection-toolbar${box ? '' : ' selection-toolbar-docked'}`}
      role="toolbar"
      aria-label={label}
      style={style}
      onMouseDown={(event) => event.preventDefault()}
    >
      <ColorPicker onChange={onColor} label="划线颜色" />
      <span className="selection-toolbar-sep" aria-hidden="true" />
      <button type="button" className="selection-toolbar-button" onClick={onComment}>
        写笔记
      </button>
      <button type="button" className="selection-toolbar-button" onClick={onCopy}>
        复制
      </button>
      {extra}
    </div>
  );
}
