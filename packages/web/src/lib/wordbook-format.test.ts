import { describe, expect, it } from 'vitest';
import { clipAroundMark, dueText, durationText, markWord, percentText, scheduledText } from './wordbook-format';

const marked = (pieces: { text: string; mark: boolean }[]) => pieces.filter((p) => p.mark).map((p) => p.text);

describe('word book formatting', () => {
  it('says when a card is due in words', () => {
    const now = new Date(2025, 2, 1, 10, 0).getTime();
    expect(dueText(new Date(2025, 2, 1, 9, 0).toISOString(), now)).toBe('已到期');
    expect(dueText(new Date(2025, 2, 1, 22, 0).toISOString(), now)).toBe('今天');
    expect(dueText(new Date(2025, 2, 2, 1, 0).toISOString(), now)).toBe('明天');
    expect(dueText(new Date(2025, 2, 4, 8, 0).toISOString(), now)).toBe('3 天后');
    expect(dueText(new Date(2025, 5, 1).toISOString(), now)).toBe('3 个月后');
    expect(dueText(new Date(2027, 2, 1).toISOString(), now)).toBe('2 年后');
  });

  it('formats retention, durations and scheduled days', () => {
    expect(percentText(0.873)).toBe('87%');
    expect(percentText(null)).toBe('—');
    expect(durationText(400)).toBe('不到 1 秒');
    expect(durationText(45_000)).toBe('45 秒');
    expect(durationText(192_000)).toBe('3 分 12 秒');
    expect(durationText(120_000)).toBe('2 分钟');
    expect(durationText(3_900_000)).toBe('1 小时 5 分');
    expect(scheduledText(0)).toBe('当天内');
    expect(scheduledText(4)).toBe('4 天');
  });

  it('marks the headword, its regular inflections and given forms in a sentence', () => {
    expect(marked(markWord('The city curtailed late buses; curtailing them saved money.', 'curtail'))).toEqual(['curtailed', 'curtailing']);
    expect(marked(markWord('Batteries age; one battery lasts.', 'battery'))).toEqual(['Batteries', 'battery']);
    expect(marked(markWord('She stopped, then stopping again…', 'stop'))).toEqual(['stopped', 'stopping']);
    expect(marked(markWord('He was making a cake.', 'make'))).toEqual(['making']);
    expect(marked(markWord('They went home and go again.', 'go', ['went']))).toEqual(['went', 'go']);
    expect(marked(markWord("The reader's notes", 'reader'))).toEqual(["reader's"]);
    expect(marked(markWord('Nothing here', 'absent'))).toEqual([]);
    expect(
      markWord('A b c', 'b')
        .map((p) => p.text)
        .join(''),
    ).toBe('A b c');
  });

  it('clips a long sentence around the marked word, on word boundaries', () => {
    const long = `${'alpha '.repeat(60)}target ${'omega '.repeat(60)}`.trim();
    const clipped = clipAroundMark(markWord(long, 'target'), 120);
    const text = clipped.map((p) => p.text).join('');
    expect(text.startsWith('…alpha')).toBe(true);
    expect(text.endsWith('omega…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(124);
    expect(marked(clipped)).toEqual(['target']);
    const short = markWord('A short target sentence.', 'target');
    expect(clipAroundMark(short)).toBe(short);
  });
});
