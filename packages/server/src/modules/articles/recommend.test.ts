import { describe, expect, it } from 'vitest';
import { NEW_READER, profileFrom, rank, type Candidate } from './recommend.js';

const now = new Date('2026-11-21T00:00:00Z');
const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
const c = (id: number, level: Candidate['level'], topics: string[], ageDays: number, views = 0): Candidate => ({
  id,
  level,
  topics,
  views,
  publishedAt: day(ageDays),
});

describe('recommendations', () => {
  it('offers a new reader fresh, approachable articles before hard old ones', () => {
    const order = rank([c(1, 'VERY_DIFFICULT', [], 30), c(2, 'EASY', [], 1), c(3, 'STANDARD', [], 2)], NEW_READER, now).map((x) => x.id);
    expect(order[0]).toBe(2);
    expect(order.at(-1)).toBe(1);
  });

  it('lifts the topics and the level a reader reads', () => {
    const profile = profileFrom([
      { id: 10, level: 'DIFFICULT', topics: ['science'] },
      { id: 11, level: 'DIFFICULT', topics: ['science', 'health'] },
    ]);
    const order = rank([c(1, 'EASY', ['travel'], 1), c(2, 'DIFFICULT', ['science'], 3)], profile, now).map((x) => x.id);
    expect(order).toEqual([2, 1]);
  });

  it('puts articles already read last', () => {
    const profile = profileFrom([{ id: 2, level: 'EASY', topics: ['travel'] }]);
    const order = rank([c(2, 'EASY', ['travel'], 0, 50), c(3, 'EASY', ['business'], 5)], profile, now).map((x) => x.id);
    expect(order).toEqual([3, 2]);
  });

  it('prefers the popular of two equal articles', () => {
    const order = rank([c(1, 'EASY', [], 2, 1), c(2, 'EASY', [], 2, 40)], NEW_READER, now).map((x) => x.id);
    expect(order).toEqual([2, 1]);
  });
});
