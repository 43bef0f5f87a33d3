import type { Note, Paragraph } from '@changdu/contract';
import type { Highlight } from './decorate';

/** A note's place in its paragraph (`data: {sentence_id?, start, end}`), or null when it has none. */
export function noteRange(note: Pick<Note, 'data'>): { start: number; end: number } | null {
  const data = note.data;
  if (typeof data !== 'object' || data === null) return null;
  const { start, end } = data as { start?: unknown; end?: unknown };
  return typeof start === 'number' && typeof end === 'number' && end > start ? { start, end } : null;
}

/** A new note's `note_uuid` (letters, digits and dashes, as the contract asks). */
export function newNoteId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older WebViews and plain-http pages have no randomUUID.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Notes in reading order: by paragraph, then by place in it; notes of unknown paragraphs last. */
export function inReadingOrder<T extends Pick<Note, 'root' | 'data' | 'id'>>(notes: readonly T[], paragraphs: readonly Paragraph[]): T[] {
  const index = new Map(paragraphs.map((p, i) => [p.id, i]));
  const rank = (n: T) => index.get(n.root) ?? Number.MAX_SAFE_INTEGER;
  return [...notes].sort((a, b) => rank(a) - rank(b) || (noteRange(a)?.start ?? 0) - (noteRange(b)?.start ?? 0) || a.id - b.id);
}

/** My notes as highlights per paragraph, oldest first (newer ones draw over them). */
export function highlightsByParagraph(notes: readonly Note[]): Map<string, Highlight[]> {
  const map = new Map<string, Highlight[]>();
  for (const note of [...notes].sort((a, b) => a.id - b.id)) {
    const range = noteRange(note);
    if (!range) continue;
    map.set(note.root, [
      ...(map.get(note.root) ?? []),
      { id: note.note_uuid, color: note.color, commented: note.comment.trim() !== '', ...range },
    ]);
  }
  return map;
}

/** Scrolls a paragraph or a highlight into view and flashes it briefly. */
export function revealInText(selector: string): boolean {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) return false;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element.classList.add('is-flashing');
  window.setTimeout(() => element.classList.remove('is-flashing'), 1600);
  return true;
}

/** A paragraph id or note uuid made safe for an attribute selector. */
export function attrValue(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '');
}

/** Where a note is anchored: its paragraph, its text, and its place data. */
export interface Anchor {
  root: string;
  text: string;
  data: Record<string, unknown>;
}

export function anchorOfRange(range: { root: string; text: string; start: number; end: number; sentenceId?: string }): Anchor {
  const data = { start: range.start, end: range.end, ...(range.sentenceId ? { sentence_id: range.sentenceId } : {}) };
  return { root: range.root, text: range.text, data };
}

export function anchorOfNote(note: Pick<Note, 'root' | 'text' | 'data'>): Anchor {
  const data = typeof note.data === 'object' && note.data !== null ? (note.data as Record<string, unknown>) : {};
  return { root: note.root, text: note.text, data };
}
