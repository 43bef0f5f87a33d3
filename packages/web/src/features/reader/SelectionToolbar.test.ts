import { describe, expect, it } from 'vitest';
import { placement } from './SelectionToolbar';

const phone = { width: 390, height: 844, touch: true };

describe('selection toolbar placement', () => {
  it('keeps a toolbar as wide as the AI actions make it wholly on a phone screen, even for a word at the right edge', () => {
    const size = { width: 374, height: 96 };
    const { left } = placement({ top: 400, bottom: 420, left: 360, right: 385 }, size, phone);
    expect(left - size.width / 2).toBeGreaterThanOrEqual(8);
    expect(left + size.width / 2).toBeLessThanOrEqual(390 - 8);
  });

  it('centres on the selection when there is room', () => {
    expect(placement({ top: 400, bottom: 420, left: 150, right: 240 }, { width: 200, height: 48 }, phone).left).toBe(195);
  });

  it('goes below the selection on touch screens by its measured height, and above it near the bottom', () => {
    const size = { width: 300, height: 96 };
    expect(placement({ top: 400, bottom: 420, left: 100, right: 200 }, size, phone).top).toBe(432);
    // Not enough room below for two rows above the reading tools bar: it sits above, by its own height.
    expect(placement({ top: 660, bottom: 680, left: 100, right: 200 }, size, phone).top).toBe(660 - 12 - 96);
  });
});
