import type { CSSProperties, ReactNode } from 'react';
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
}

/** Room the sticky header takes: the toolbar goes below the selection when it would sit under it. */
const HEADER_ROOM = 120;
const HALF_WIDTH = 170;
/** The toolbar's height, and its distance from the selection. */
const HEIGHT = 48;
const GAP = 12;
/** The reading tools bar at the bottom of the screen. */
const TOOLS_ROOM = 64;

function placement(box: SelectionBox | null): CSSProperties | undefined {
  if (!box) return undefined;
  // On touch screens the system's own selection menu sits above the text: stay below it.
  const touch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const room = window.innerHeight;
  const below = (touch || box.top < HEADER_ROOM) && box.bottom + GAP + HEIGHT < room - TOOLS_ROOM;
  const wanted = below ? box.bottom + GAP : box.top - GAP - HEIGHT;
  // A selection partly scrolled away still gets its toolbar on screen, clear of the top bar.
  const top = Math.min(Math.max(wanted, HEADER_ROOM / 2 + GAP), room - HEIGHT - TOOLS_ROOM);
  const centre = (box.left + box.right) / 2;
  const left = Math.min(Math.max(centre, HALF_WIDTH + 8), Math.max(HALF_WIDTH + 8, window.innerWidth - HALF_WIDTH - 8));
  return { top, left };
}

/**
 * The small toolbar over a text selection: five highlight colours, 写笔记 and 复制. It keeps
 * the selection alive by not taking focus on press.
 */
export function SelectionToolbar({ box, onColor, onComment, onCopy, extra }: SelectionToolbarProps) {
  return (
    <div
      className={`selection-toolbar${box ? '' : ' selection-toolbar-docked'}`}
      role="toolbar"
      aria-label="划线工具"
      style={placement(box)}
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
