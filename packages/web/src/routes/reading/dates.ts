/** Read data is kept by day in China time (UTC+8), as the server counts it. */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** Today in China time, `YYYY-MM-DD`. */
export function chinaToday(now: number = Date.now()): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Monday 0 … Sunday 6. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** `2025-03-01` → `3月1日`. */
export function dayLabel(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  return `${m}月${d}日`;
}

/** `2025-03-01` → `3/1`. */
export function shortDay(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  return `${m}/${d}`;
}
