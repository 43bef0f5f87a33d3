/**
 * A week's standing in one measure of the weekly rank, as the module keeping that measure
 * answers it (history: reading time and finished articles; words: cards reviewed): the leaders
 * by value descending, ties by user id, and one reader's value with how many readers have more.
 */
export interface WeekStanding {
  top: { user_id: number; value: number }[];
  /** Null when the reader has nothing this week (not ranked). */
  mine: { value: number; above: number } | null;
}

/**
 * How many readers have more than `value`: read off the leaders when every such reader is among
 * them (the list is not full, or `value` reaches its last), else counted by `count`.
 */
export async function readersAbove(
  top: WeekStanding['top'],
  limit: number,
  value: number,
  count: () => Promise<number>,
): Promise<number> {
  const last = top[top.length - 1];
  if (top.length < limit || (last && value >= last.value)) return top.filter((r) => r.value > value).length;
  return count();
}
