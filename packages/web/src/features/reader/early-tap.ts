import { EARLY_SHEET_ID, type Paragraph, type WordLookup } from '@changdu/contract';
import { wordAt, wordTarget } from './word-at-point';
import type { WordTarget } from './WordSheet';

/**
 * A tap made on the server-drawn article before the app had started, as the first screen's script
 * (`src/boot/first-screen.ts`) keeps it: the paragraph, its text as drawn, and the character
 * offset of the tap in that text.
 */
export interface EarlyTap {
  pid: string;
  text: string;
  offset: number;
  /**
   * The dictionary's answer for the tapped word, when the script had it before the reader mounted,
   * with the word and sentence it asked for: the reader's sheet starts from it instead of asking again.
   */
  answer?: { word: string; sentence: string; at?: number; result: WordLookup };
}

declare global {
  interface Window {
    /** Set by the first screen's script; null once the reader answers taps itself. */
    __cdEarlyTap?: EarlyTap | null;
  }
}

/**
 * The tap kept before the reader mounted, if any; from now on the script keeps none. The sheet the
 * script opened for it goes: the reader opens its own for the same word in the same render, so no
 * frame shows neither (`shown`: one was open, and the reader's need not slide in again).
 */
export function takeEarlyTap(): { tap: EarlyTap; shown: boolean } | null {
  const tap = window.__cdEarlyTap;
  window.__cdEarlyTap = null;
  const sheet = typeof document === 'undefined' ? null : document.getElementById(EARLY_SHEET_ID);
  sheet?.remove();
  const valid = tap && typeof tap.pid === 'string' && typeof tap.text === 'string' && Number.isInteger(tap.offset);
  return valid ? { tap, shown: sheet !== null } : null;
}

/**
 * The word an early tap fell on, resolved as a tap on the reader is (`wordAt`), on the text the
 * reader saw then (the script already checked that the point was on the text), so it does not
 * depend on where the paragraph is drawn now or whether it is drawn yet.
 */
export function earlyTapTarget(tap: EarlyTap, paragraphs: ReadonlyMap<string, Paragraph>): WordTarget | null {
  const root = document.createElement('p');
  root.dataset.pid = tap.pid;
  const node = document.createTextNode(tap.text);
  root.appendChild(node);
  if (tap.offset < 0 || tap.offset > tap.text.length) return null;
  return wordTarget(wordAt({ node, offset: tap.offset }), paragraphs);
}
