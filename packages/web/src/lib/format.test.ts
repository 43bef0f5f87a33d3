import { describe, expect, it } from 'vitest';
import { formatDay, localInputToIso } from './format';

describe('localInputToIso', () => {
  it('turns a datetime-local value into ISO time with the local offset, the same instant', () => {
    const iso = localInputToIso('2025-04-01T09:30')!;
    expect(iso).toMatch(/^2025-04-01T09:30:00[+-]\d\d:\d\d$/);
    expect(new Date(iso).getTime()).toBe(new Date('2025-04-01T09:30').getTime());
  });

  it('answers null for an empty or broken value', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('not a date')).toBeNull();
  });
});

describe('formatDay', () => {
  it('leaves the year out for dates in the current year', () => {
    const now = new Date(2025, 5, 1);
    expect(formatDay(new Date(2025, 2, 1, 12).toISOString(), now)).toBe('3月1日');
    expect(formatDay(new Date(2024, 11, 31, 12).toISOString(), now)).toBe('2024年12月31日');
  });
});
