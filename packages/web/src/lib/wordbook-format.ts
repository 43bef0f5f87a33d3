/** Display helpers of the word book and flashcards: due times, percentages, durations, marked words. */

const DAY_MS = 86_400_000;

function startOfDay(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** When a card is due, in words: "已到期", "今天", "明天", "3 天后", "2 个月后", "1 年后". */
export function dueText(iso: string, now: number = Date.now()): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  if (t <= now) return '已到期';
  const days = Math.round((startOfDay(t) - startOfDay(now)) / DAY_MS);
  if (days <= 0) return '今天';
  if (days === 1) return '明天';
  if (days < 60) return `${days} 天后`;
  if (days < 365) return `${Math.round(days / 30)} 个月后`;
  return `${Math.round(days / 365)} 年后`;
}

/** 0.873 → "87%"; null (nothing to measure yet) → "—". */
export function percentText(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** 400 → "不到 1 秒", 45_000 → "45 秒", 192_000 → "3 分 12 秒", 3_900_000 → "1 小时 5 分". */
export function durationText(ms: number): string {
  if (ms > 0 && ms < 1000) return '不到 1 秒';
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} 分 ${seconds % 60} 秒` : `${minutes} 分钟`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} 小时 ${rest} 分` : `${Math.floor(minutes / 60)} 小时`;
}

/** A review's scheduled interval in days: 0 is a learning step (minutes away). */
export function scheduledText(days: number): string {
  return days <= 0 ? '当天内' : `${days} 天`;
}

export interface TextPiece {
  text: string;
  mark: boolean;
}

/** The regular inflections a headword may appear as: plurals, -ed, -ing, comparatives. */
function formsOf(word: string): Set<string> {
  const w = word.toLowerCase();
  const forms = new Set([w, `${w}s`, `${w}es`, `${w}ed`, `${w}d`, `${w}ing`, `${w}er`, `${w}est`, `${w}ly`]);
  if (w.endsWith('e')) ['ing', 'ed', 'er', 'est'].forEach((end) => forms.add(w.slice(0, -1) + end));
  if (/[^aeiou]y$/.test(w)) ['ies', 'ied', 'ier', 'iest', 'ily'].forEach((end) => forms.add(w.slice(0, -1) + end));
  // stop → stopped, stopping
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(w)) ['ed', 'ing', 'er'].forEach((end) => forms.add(w + w.slice(-1) + end));
  return forms;
}

/**
 * Splits a sentence into pieces with the word marked wherever it occurs: as the headword,
 * a regular inflection of it, or one of `forms` (the forms an article uses, irregular ones
 * from the dictionary).
 */
export function markWord(sentence: string, word: string, forms: readonly string[] = []): TextPiece[] {
  const wanted = formsOf(word);
  for (const form of forms) wanted.add(form.toLowerCase());
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of sentence.matchAll(/\p{L}[\p{L}'’-]*/gu)) {
    const token = match[0];
    // "reader's" is the word "reader" with a possessive.
    const bare = token.toLowerCase().replace(/['’]s$/, '');
    if (!wanted.has(token.toLowerCase()) && !wanted.has(bare)) continue;
    if (match.index > last) pieces.push({ text: sentence.slice(last, match.index), mark: false });
    pieces.push({ text: token, mark: true });
    last = match.index + token.length;
  }
  if (last < sentence.length) pieces.push({ text: sentence.slice(last), mark: false });
  return pieces;
}

/**
 * A long sentence cut to about `max` characters around the first marked word, on word
 * boundaries, with "…" where it was cut; short sentences are left whole.
 */
export function clipAroundMark(pieces: TextPiece[], max = 220): TextPiece[] {
  const text = pieces.map((p) => p.text).join('');
  if (text.length <= max) return pieces;
  let offset = 0;
  let markAt = 0;
  for (const piece of pieces) {
    if (piece.mark) {
      markAt = offset;
      break;
    }
    offset += piece.text.length;
  }
  let start = Math.max(0, markAt - Math.floor(max / 3));
  let end = Math.min(text.length, start + max);
  start = Math.max(0, end - max);
  // Snap to spaces so no word is cut in half.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;

  const clipped: TextPiece[] = [];
  let at = 0;
  for (const piece of pieces) {
    const from = Math.max(start, at);
    const to = Math.min(end, at + piece.text.length);
    if (from < to) clipped.push({ text: piece.text.slice(from - at, to - at), mark: piece.mark });
    at += piece.text.length;
  }
  if (start > 0) clipped.unshift({ text: '…', mark: false });
  if (end < text.length) clipped.push({ text: '…', mark: false });
  return clipped;
}
