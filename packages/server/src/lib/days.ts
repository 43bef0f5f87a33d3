import { DAY, HOUR } from './clock.js';

/** Reading days follow China time (UTC+8, no daylight saving): a day starts at 16:00 UTC. */
const OFFSET = 8 * HOUR;

export function dayKey(at: Date): string {
  return new Date(at.getTime() + OFFSET).toISOString().slice(0, 10);
}

/** The UTC instants a China-time day starts and ends. */
export function dayBounds(day: string): { start: string; end: string } {
  const start = Date.parse(`${day}T00:00:00.000Z`) - OFFSET;
  return { start: new Date(start).toISOString(), end: new Date(start + DAY).toISOString() };
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY).toISOString().slice(0, 10);
}

/** The Monday (China time) of the week holding `day`: weeks run Monday to Sunday. */
export function weekStart(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/**
 * Streaks over the days with reading: the current one ends today, or yesterday when today
 * has no reading yet (the day is not over); the longest is over all of them.
 */
export function streaks(readDays: Set<string>, today: string): { current: number; longest: number } {
  let current = 0;
  let day = readDays.has(today) ? today : addDays(today, -1);
  while (readDays.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const d of [...readDays].sort()) {
    run = previous !== null && addDays(previous, 1) === d ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = d;
  }
  return { current, longest };
}

/**
 * Reading time as a reader is shown it, in whole minutes: to the nearest minute, and never 0 for
 * time that was read (26 seconds showed as "0 分钟" beside "1 天有阅读"). Every screen and the
 * weekly rank take their minutes from here, so they agree with the credited seconds.
 */
export const minutesShown = (seconds: number): number => (seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0);
