import { ratingLabels } from '@changdu/contract';
import type { FlashcardData, Rating } from '../../lib/flashcard-session';

/**
 * The demo's sample words (sentences written for Changdu) and a small local scheduler.
 * Nothing leaves the browser: ratings move the cards by the intervals a new card gets
 * from FSRS with its default learning steps, close to what the real session shows.
 */

const SAMPLES: { word: string; phonetic: string; meaning: string; sentence: string }[] = [
  {
    word: 'resilient',
    phonetic: 'rɪˈzɪliənt',
    meaning: 'adj. 有韧性的；能迅速恢复的',
    sentence: 'The little bakery proved resilient, reopening a week after the flood with a queue around the block.',
  },
  {
    word: 'scrutiny',
    phonetic: 'ˈskruːtəni',
    meaning: 'n. 仔细审查；细看',
    sentence: 'The new rules will face close scrutiny from consumer groups before they take effect.',
  },
  {
    word: 'mitigate',
    phonetic: 'ˈmɪtɪɡeɪt',
    meaning: 'v. 减轻；缓和',
    sentence: 'Planting trees along the avenue helped mitigate the summer heat in the old town.',
  },
  {
    word: 'plausible',
    phonetic: 'ˈplɔːzəbl',
    meaning: 'adj. 貌似可信的；合理的',
    sentence: 'Her explanation sounded plausible, but the dates in the report did not match.',
  },
  {
    word: 'ubiquitous',
    phonetic: 'juːˈbɪkwɪtəs',
    meaning: 'adj. 无处不在的；十分普遍的',
    sentence: 'Shared bicycles have become ubiquitous on the campus paths this year.',
  },
  {
    word: 'curtail',
    phonetic: 'kɜːˈteɪl',
    meaning: 'v. 削减；限制',
    sentence: 'The city curtailed late-night bus services to save money, leaving many shift workers stranded.',
  },
  {
    word: 'incentive',
    phonetic: 'ɪnˈsentɪv',
    meaning: 'n. 激励；动机',
    sentence: 'Free coffee turned out to be a surprisingly strong incentive to arrive early for meetings.',
  },
  {
    word: 'endorse',
    phonetic: 'ɪnˈdɔːs',
    meaning: 'v. 支持；赞同；为……代言',
    sentence: 'Several local farmers endorsed the plan to turn the old railway line into a cycle path.',
  },
];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A new card's next intervals: 1 分钟 / 6 分钟 / 10 分钟 / 4 天. */
export const DEMO_INTERVALS: Record<Rating, { ms: number; text: string }> = {
  1: { ms: MINUTE, text: '1 分钟' },
  2: { ms: 6 * MINUTE, text: '6 分钟' },
  3: { ms: 10 * MINUTE, text: '10 分钟' },
  4: { ms: 4 * DAY, text: '4 天' },
};

function intervals(now: number): FlashcardData['intervals'] {
  return ([1, 2, 3, 4] as Rating[]).map((rating) => ({
    rating,
    label: ratingLabels[rating],
    due: new Date(now + DEMO_INTERVALS[rating].ms).toISOString(),
    interval: DEMO_INTERVALS[rating].text,
  }));
}

/** The sample deck, due now. Ids are negative so they can never be mistaken for real cards. */
export function demoCards(now: number = Date.now()): FlashcardData[] {
  return SAMPLES.map((s, i) => ({
    id: -(i + 1),
    word: s.word,
    phonetic: s.phonetic,
    meaning: s.meaning,
    state: 'new',
    due: new Date(now).toISOString(),
    contexts: [
      { form: null, sentence: s.sentence, article_id: null, article_title: null, source: 'demo', created_at: new Date(now).toISOString() },
    ],
    intervals: intervals(now),
  }));
}

/**
 * Schedules a demo card locally: it is due after its rating's interval. A card that was
 * forgotten stays in its first learning step, so it offers the same intervals again.
 */
export function gradeDemoCard(card: FlashcardData, rating: Rating, now: number = Date.now()): FlashcardData {
  return {
    ...card,
    state: rating === 4 ? 'review' : 'learning',
    due: new Date(now + DEMO_INTERVALS[rating].ms).toISOString(),
    intervals: intervals(now),
  };
}
