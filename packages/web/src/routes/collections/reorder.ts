/** `list` with the item at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return list as T[];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/**
 * Which row a pointer at `y` is over, from the rows' vertical extents (top, bottom), top to
 * bottom: above the first → 0, below the last → the last, in a gap → the row below it.
 */
export function rowAt(y: number, rows: readonly { top: number; bottom: number }[]): number {
  if (rows.length === 0) return -1;
  for (let i = 0; i < rows.length; i++) if (y < rows[i]!.bottom) return i;
  return rows.length - 1;
}
