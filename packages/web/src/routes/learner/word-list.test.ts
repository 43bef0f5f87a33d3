import { describe, expect, it } from 'vitest';
import { parseWordList } from './word-list';

describe('an imported word list', () => {
  it('reads one word per line, once each, leaving blank lines out', () => {
    expect(parseWordList('harbour\r\n\r\nOrchard\nharbour\n  negotiate  \n')).toEqual({
      words: ['harbour', 'Orchard', 'negotiate'],
      skipped: 0,
      skippedExamples: [],
    });
  });

  it('takes the first field of an Anki plain-text export, without its header lines or HTML', () => {
    const anki = [
      '#separator:tab',
      '#html:true',
      '<b>reluctant</b>\t不情愿的<br>He was reluctant to leave.',
      'ubiquitous&nbsp;\t无处不在的',
      '"thrive"\t"繁荣, 兴旺"',
    ].join('\n');
    expect(parseWordList(anki).words).toEqual(['reluctant', 'ubiquitous', 'thrive']);
  });

  it('reads CSV and semicolon lists, and counts lines that are not one English word', () => {
    const list = parseWordList('well-known,广为人知的\ndon’t;不\ntake off,起飞\n你好\n2024\nmother-in-law');
    expect(list.words).toEqual(['well-known', 'don’t', 'mother-in-law']);
    expect(list.skipped).toBe(3);
    expect(list.skippedExamples).toEqual(['take off,起飞', '你好', '2024']);
  });
});
