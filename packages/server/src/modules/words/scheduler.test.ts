import { createEmptyCard, fsrs, generatorParameters, Rating, State, StrategyMode, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { cardFields, fuzzSeed, humanInterval, preview, review, toCard } from './scheduler.js';

const HOUR = 3_600_000;

describe('scheduling', () => {
  it('equals ts-fsrs for the same review history, through lapses and relearning', () => {
    const reference = fsrs(generatorParameters({ enable_fuzz: true, enable_short_term: true })).useStrategy(StrategyMode.SEED, fuzzSeed);
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

  it('stores the interval the button showed, when the tap comes minutes after the buttons were shown', () => {
    let now = new Date('2026-11-01T08:00:00Z');
    let card = createEmptyCard(now);
    for (const [rating, hours] of [[Rating.Good, 0], [Rating.Good, 0.2], [Rating.Easy, 30], [Rating.Good, 24 * 12], [Rating.Easy, 24 * 40]] as [Grade, number][]) {
      now = new Date(now.getTime() + hours * HOUR);
      card = review(card, now, rating).card;
    }
    const shownAt = new Date(card.due.getTime() + 2 * 24 * HOUR);
    const shown = preview(card, shownAt);
    expect(shown.find((s) => s.rating === Rating.Easy)!.interval).toMatch(/个月|年/);
    for (const [minutes, ms] of [[1, 7], [7, 123], [25, 999]] as const) {
      const tappedAt = new Date(shownAt.getTime() + minutes * 60_000 + ms);
      for (const button of shown.filter((s) => s.rating !== Rating.Again)) {
        const stored = review(card, tappedAt, button.rating as Grade).card;
        expect(humanInterval(tappedAt, stored.due), `${button.label} after ${minutes} min`).toBe(button.interval);
      }
    }
  });

  it('previews each rating exactly as reviewing with it would schedule the card', () => {
    let now = new Date('2026-11-01T08:00:00Z');
    let card = createEmptyCard(now);
    for (const [rating, hours] of [[Rating.Good, 0], [Rating.Hard, 0.3], [Rating.Good, 20], [Rating.Again, 24 * 5], [Rating.Good, 0.2]] as [Grade, number][]) {
      now = new Date(now.getTime() + hours * HOUR);
      const shown = preview(card, now);
      for (const button of shown) expect(button.due).toBe(review(card, now, button.rating as Grade).card.due.toISOString());
      card = review(card, now, rating).card;
    }
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
