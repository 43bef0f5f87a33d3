import { describe, expect, it } from 'vitest';
import { dictionaryService } from './dictionary.service.js';
import { openEcdict } from './ecdict.js';
import { arpabetToIpa, ecdictToIpa, ecdictVariants, openCmudict } from './phonetics.js';

describe('ECDICT notation to standard IPA', () => {
  it.each([
    [".ʌn'ju:ʒu:l", 'ˌʌnˈjuːʒuːl'],
    ["ni'gәuʃieit", 'nɪˈɡəʊʃɪeɪt'],
    ["bi'gin", 'bɪˈɡɪn'],
    ['θɒ:t', 'θɔːt'],
    ['bә:d', 'bɜːd'],
    ['bєә', 'beə'],
    ['gou', 'ɡəʊ'],
    ["ә'baut", 'əˈbaʊt'],
    ["'veri", 'ˈveri'],
    ['hiә', 'hɪə'],
    ['bɒi', 'bɔɪ'],
    ['kɑ:', 'kɑː'],
  ])('%s → %s', (raw, ipa) => {
    expect(ecdictToIpa(raw)).toBe(ipa);
  });

  it('leaves no stand-in characters behind', () => {
    expect(ecdictToIpa("ni'gәuʃieit:,.єε")).not.toMatch(/[ә'є:,.εg]/);
  });
});

describe('CMU (ARPAbet) to American IPA', () => {
  it.each([
    ['N IH0 G OW1 SH IY0 EY2 T', 'nɪˈɡoʊʃiˌeɪt'],
    ['AH0 B AW1 T', 'əˈbaʊt'],
    ['EH1 K S T R AH0', 'ˈɛkstrə'],
    ['W AO1 T ER0', 'ˈwɔtɚ'],
    ['B ER1 D', 'bɝd'],
    ['DH AH0', 'ðə'],
  ])('%s → %s', (arpabet, ipa) => {
    expect(arpabetToIpa(arpabet)).toBe(ipa);
  });

  it('finds words in the dictionary file without loading it', () => {
    const cmu = openCmudict();
    expect(cmu.us('begin')).toBe('bɪˈɡɪn');
    expect(cmu.us('a')).toBe('ə');
    expect(cmu.us('zebra')).toBe('ˈzibrə');
    expect(cmu.us('qzxqzx')).toBeNull();
    cmu.close();
  });
});

describe('a heteronym is pronounced as its sentence uses it', () => {
  const dictionary = dictionaryService(openEcdict(), { inWordBook: async () => false, recordLookup: () => undefined });
  // [tapped word, sentence, British IPA or null when ECDICT has none for this use, American IPA].
  const CASES: [string, string, string | null, string][] = [
    ['live', 'They live in Paris.', 'lɪv', 'lɪv'],
    ['live', 'The show is live.', 'laɪv', 'laɪv'],
    ['bow', 'They bow to the queen.', 'baʊ', 'baʊ'],
    ['bow', 'He tied a bow in her hair.', 'bəʊ', 'boʊ'],
    ['lead', 'They lead the team.', 'liːd', 'lid'],
    ['read', 'I read the paper every day.', 'riːd', 'rid'],
    ['read', 'She has read the report.', null, 'rɛd'],
    ['read', 'I read that book last year.', null, 'rɛd'],
    ['read', 'The book was read by millions.', null, 'rɛd'],
    ['record', 'She broke the world record.', null, 'ˈrɛkɚd'],
    ['record', 'They record every meeting.', 'rɪˈkɔːd', 'rəˈkɔrd'],
    ['present', 'She gave me a present.', 'ˈpreznt', 'ˈprɛzənt'],
    ['present', 'They will present the award.', null, 'priˈzɛnt'],
    ['object', 'He threw an object at the wall.', 'ˈɒbdʒekt', 'ˈɑbdʒɛkt'],
    ['object', 'They object to the plan.', null, 'əbˈdʒɛkt'],
    ['minute', 'Wait a minute.', 'ˈmɪnɪt', 'ˈmɪnət'],
    ['minute', 'The differences are minute.', 'maɪˈnjuːt', 'maɪˈnut'],
    ['content', 'The content of the book is rich.', null, 'ˈkɑntɛnt'],
    ['wound', 'The wound healed slowly.', 'wuːnd', 'wund'],
    ['estimate', 'The estimate was too high.', null, 'ˈɛstəmət'],
    ['estimate', 'We estimate the cost at ten pounds.', 'ˈestɪmeɪt', 'ˈɛstəˌmeɪt'],
  ];

  it.each(CASES)('%s in “%s”', async (word, sentence, uk, us) => {
    const { phonetics } = await dictionary.lookup(word, sentence, null);
    expect(phonetics).toEqual([...(uk ? [{ variant: 'UK', ipa: uk }] : []), { variant: 'US', ipa: us }]);
  });

  it('splits two pronunciations ECDICT writes without a space ("liv.laiv"), keeping a leading secondary stress', () => {
    expect(ecdictVariants('liv.laiv')).toEqual(['lɪv', 'laɪv']);
    expect(ecdictVariants("'minit. mai'nju:t")).toEqual(['ˈmɪnɪt', 'maɪˈnjuːt']);
    expect(ecdictVariants(".ʌn'ju:ʒu:l")).toEqual(['ˌʌnˈjuːʒuːl']);
  });
});

describe("ECDICT's dots", () => {
  it('keeps a secondary stress inside one pronunciation', () => {
    expect(ecdictVariants("әd.mini'streiʃәn")).toEqual(['ədˌmɪnɪˈstreɪʃən']);
    expect(ecdictVariants("'æɡrә.veitid")).toEqual(['ˈæɡrəˌveɪtɪd']);
    expect(ecdictVariants("ә'bju:s.ә'bju:z")).toEqual(['əˈbjuːs', 'əˈbjuːz']);
    expect(ecdictVariants("'dis.sætis'fækʃәn")).toHaveLength(1);
    expect(ecdictVariants("dai'lju:tid. di-")).toEqual(['daɪˈljuːtɪd']);
  });

  it('gives British English the ɑː of bath and chance, whichever order ECDICT lists them in', async () => {
    const dictionary = dictionaryService(openEcdict(), { inWordBook: async () => false, recordLookup: () => undefined });
    expect((await dictionary.lookup('bath', 'She took a bath.', null)).phonetics[0]).toEqual({ variant: 'UK', ipa: 'bɑːθ' });
    expect((await dictionary.lookup('chance', 'There is a chance of rain.', null)).phonetics[0]).toEqual({ variant: 'UK', ipa: 'tʃɑːns' });
  });
});
