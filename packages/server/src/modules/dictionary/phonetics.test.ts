import { describe, expect, it } from 'vitest';
import { arpabetToIpa, ecdictToIpa, openCmudict } from './phonetics.js';

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
