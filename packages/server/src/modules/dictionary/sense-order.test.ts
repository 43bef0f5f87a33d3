import { describe, expect, it } from 'vitest';
import { frequencyForms, openChineseFrequency } from './chinese-frequency.js';
import { openChineseGlosses } from './chinese-glosses.js';
import { openChineseWordNet } from './chinese-wordnet.js';
import { dictionaryService } from './dictionary.service.js';
import { openEcdict } from './ecdict.js';
import { WITHIN_POS_CASES } from './within-pos.cases.js';

const hooks = { inWordBook: async () => false, recordLookup: () => undefined };
const dict = openEcdict();
const bySense = dictionaryService(dict, hooks);
const ecdictOrder = dictionaryService(dict, hooks, { ordered: false });
const firstItem = (text: string | undefined) => (text ?? '').split(/[,，;；]\s*/)[0] ?? '';

async function fits(service: typeof bySense) {
  const misses: string[] = [];
  for (const [word, sentence, want] of WITHIN_POS_CASES) {
    const first = (await service.lookup(word, sentence, null)).meanings[0];
    if (!new RegExp(want).test(firstItem(first?.text))) misses.push(`${word} (want ${want}) got “${first?.text ?? ''}” in: ${sentence}`);
  }
  return { right: WITHIN_POS_CASES.length - misses.length, misses };
}

describe('the Chinese items of a line are ordered by the sense the sentence means', () => {
  it("reads the Chinese Open Wordnet's words for a WordNet 3.1 synset", () => {
    const cow = openChineseWordNet();
    // A lawsuit (n01185144 in WordNet 3.1; 01182654-n in the 3.0 COW was made on).
    expect(cow.words('n01185144')).toEqual(expect.arrayContaining(['诉讼', '官司']));
    expect(cow.words('n99999999')).toEqual([]);
  });

  it("reads CC-CEDICT's English for a Chinese word", () => {
    const glosses = openChineseGlosses();
    expect(glosses.english('礼品')).toEqual(expect.arrayContaining(['gift']));
    expect(glosses.english('领带')).toEqual(expect.arrayContaining(['necktie']));
    expect(glosses.english('没有这个词语啊')).toBeNull();
  });

  it("reads jieba's count of a Chinese item, in the form jieba lists it", () => {
    const frequency = openChineseFrequency();
    expect(frequency.count('小孩')).toBeGreaterThan(1000);
    expect(frequency.count('小山羊')).toBeLessThan(50);
    // 红的 is counted as 红, 使倾斜 as 倾斜, 帐单 as 账单; an item jieba does not list counts 0.
    expect(frequency.count('红的')).toBe(frequency.count('红'));
    expect(frequencyForms('(使)倾斜')).toContain('倾斜');
    expect(frequencyForms('帐单')).toContain('账单');
    expect(frequency.count('一次所烘的面包')).toBe(0);
  });

  it('puts the item of the chosen sense first (a suit filed in court, a manager fired, a tie worn)', async () => {
    expect((await bySense.lookup('suit', 'She filed a suit against her employer.', null)).meanings[0]?.text).toMatch(/^(诉讼|起诉)/);
    expect((await bySense.lookup('fire', 'The company decided to fire the manager.', null)).meanings[0]?.text).toMatch(/^解雇/);
    expect((await bySense.lookup('tie', 'He wore a red tie to the wedding.', null)).meanings[0]?.text).toMatch(/^领带/);
    // The sentence settled these: the sheet need not ask a provider (ai.wordSense).
    expect((await bySense.lookup('suit', 'She filed a suit against her employer.', null)).sense_sure).toBe(true);
    expect((await bySense.lookup('bank', 'They walked along the bank of the river.', null)).meanings[0]?.text).toMatch(/^(岸|堤)/);
    expect((await bySense.lookup('company', 'The best part is the company.', null)).sense_sure).toBe(false);
    // With no word of the sentence in any sense's gloss, ECDICT's common meaning stays first.
    expect((await bySense.lookup('company', 'The best part is the company.', null)).meanings[0]?.text).toMatch(/^公司/);
  });

  it('keeps every item of the line, only in another order', async () => {
    const before = (await ecdictOrder.lookup('suit', 'She filed a suit against her employer.', null)).meanings;
    const after = (await bySense.lookup('suit', 'She filed a suit against her employer.', null)).meanings;
    const items = (ms: typeof before) => ms.flatMap((m) => m.text.split(/[,，;；]\s*/)).sort();
    expect(items(after)).toEqual(items(before));
  });

  it("fits more first items than ECDICT's own order on words with several senses (prints both figures)", async () => {
    const base = await fits(ecdictOrder);
    const mine = await fits(bySense);
    const n = WITHIN_POS_CASES.length;
    console.info(
      `first item says the sentence's sense: ECDICT's order ${base.right}/${n}, by sense ${mine.right}/${n}\n  ${mine.misses.join('\n  ')}`,
    );
    expect(n).toBeGreaterThanOrEqual(70);
    // 38 → 43 of 77 with CC-CEDICT's bridge and word vectors, 50 with the Chinese Open Wordnet's words per sense.
    expect(mine.right).toBeGreaterThanOrEqual(base.right + 10);
  });

  it('puts an everyday word before a rare one ECDICT leads with, where the sentence does not choose', async () => {
    const first = async (word: string, sentence: string) => firstItem((await bySense.lookup(word, sentence, null)).meanings[0]?.text);
    expect(await first('kids', 'The kids played in the park after school.')).toBe('小孩');
    expect(await first('function', 'The heart has one main function.')).toBe('功能');
    // ECDICT's "n. 小山羊, 小山羊肉, 小孩": only the order changes.
    expect((await ecdictOrder.lookup('kids', 'The kids played in the park after school.', null)).meanings[0]?.text).toMatch(
      /^小山羊, 小山羊肉, 小孩/,
    );
  });

  it('keeps a description, an idiom and a place ECDICT leads with (全体人员, 命中注定, 庇护所)', async () => {
    const first = async (word: string, sentence: string) => firstItem((await bySense.lookup(word, sentence, null)).meanings[0]?.text);
    expect(await first('staff', 'The staff were friendly and helpful.')).toBe('全体人员');
    expect(await first('doomed', 'The project was doomed to fail.')).toBe('命中注定');
    expect(await first('shelter', 'The family found shelter in a church.')).toBe('庇护所');
  });
});
