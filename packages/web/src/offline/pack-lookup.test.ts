import { describe, expect, it } from 'vitest';
import { answerFromPacks, type DictPack } from './pack-lookup';

const pack = (articleId: number, words: DictPack['words']): DictPack => ({ article_id: articleId, version: 1, full: true, words });
const negotiate = {
  word: 'negotiate',
  forms: ['negotiated', 'negotiating'],
  phonetic: 'nɪˈɡəʊʃieɪt',
  phonetics: [{ variant: 'UK' as const, ipa: 'nɪˈɡəʊʃieɪt' }],
  meanings: [{ pos: 'vi.', text: '谈判, 协商' }],
};

describe('an offline lookup from the kept packs', () => {
  it('finds the headword of a form the article uses, with its phonetics and every meaning, sentence-less', () => {
    const entry = answerFromPacks('Negotiated', [pack(1, [negotiate])]);
    expect(entry).toMatchObject({
      word: 'negotiate',
      query: 'Negotiated',
      phonetic: 'nɪˈɡəʊʃieɪt',
      meanings: [{ pos: 'vi.', text: '谈判, 协商', fits: true }],
      pos_in_context: null,
      definition: null,
      in_wordbook: false,
    });
  });

  it('prefers a headword itself over another headword’s form, across packs', () => {
    const lead = { ...negotiate, word: 'lead', forms: ['led'], meanings: [{ pos: 'v.', text: '带领' }] };
    const led = { ...negotiate, word: 'led', forms: ['led'], meanings: [{ pos: 'n.', text: '发光二极管' }] };
    expect(answerFromPacks('led', [pack(1, [lead]), pack(2, [led])])?.word).toBe('led');
  });

  it('answers nothing for a word no kept article has', () => {
    expect(answerFromPacks('volcano', [pack(1, [negotiate])])).toBeNull();
    expect(answerFromPacks('  ', [pack(1, [negotiate])])).toBeNull();
  });

  it('says the word is in the word book when the device knows it is, asking by headword and forms', () => {
    const asked: string[][] = [];
    const entry = answerFromPacks('negotiated', [pack(1, [negotiate])], (words) => (asked.push([...words]), true));
    expect(entry?.in_wordbook).toBe(true);
    expect(asked).toEqual([['negotiate', 'negotiated', 'negotiating']]);
  });
});
