import { describe, expect, it } from 'vitest';
import { moveItem, rowAt } from './reorder';

describe('moving an article in the list', () => {
  it('moves down, up, and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });

  it('finds the row under a dragging finger', () => {
    const rows = [
      { top: 0, bottom: 50 },
      { top: 60, bottom: 110 },
      { top: 120, bottom: 170 },
    ];
    expect(rowAt(-20, rows)).toBe(0);
    expect(rowAt(70, rows)).toBe(1);
    expect(rowAt(115, rows)).toBe(2);
    expect(rowAt(500, rows)).toBe(2);
    expect(rowAt(10, [])).toBe(-1);
  });
});
