import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { cardFields, humanInterval, review, toCard } from './scheduler.js';

const HOUR = 3_600_000;

describe('scheduling', () => {
  it('equals ts-fsrs for the same review history, through lapses and relearning', () => {
    const reference = fsrs(generatorParameters({ enable_fuzz: true, enable_short_term: true }));
    const history: [Grade, number][] = [
      [Rating.Good, 0],
      [Rating.Good, 0.2],
      [Rating.Good, 30],
      [Rating.Again, 24 * 5],
      [Rating.Hard, 0.2],
      [Rating.Good, 1],
      [Rating.Easy, 24 * 4],
      [Rating.Good, 24 * 20],
    ];
    let now = new Date('2026-11-01T08:00:00Z');
    let expected = createEmptyCard(now);
    // Ours goes through the stored form after every step, as the app does.
    let stored = cardFields(createEmptyCard(now));
    const states: State[] = [];
    for (const [rating, hoursLater] of history) {
      now = new Date(now.getTime() + hoursLater * HOUR);
      expected = reference.next(expected, now, rating).card;
      stored = cardFields(review(toCard({ ...stored }), now, rating).card);
      expect(stored).toEqual(cardFields(expected));
      states.push(expected.state);
    }
    expect(states).toContain(State.Relearning);
    expect(toCard(stored).lapses).toBe(1);
  });

  it('describes intervals in Chinese', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    const at = (ms: number) => humanInterval(from, new Date(from.getTime() + ms));
    expect([at(60_000), at(10 * 60_000), at(3 * HOUR), at(4 * 24 * HOUR), at(90 * 24 * HOUR), at(800 * 24 * HOUR)]).toEqual([
      '1 分钟',
      '10 分钟',
      '3 小时',
      '4 天',
      '3 个月',
      '2.2 年',
    ]);
  });
});
