import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { sortedLineFile } from './sorted-file.js';

/** A pronunciation in standard IPA, labelled with its variety when known. */
export interface Pronunciation {
  variant: 'UK' | 'US' | null;
  ipa: string;
}

// ECDICT writes an older British notation with stand-ins: Cyrillic ә for ə, є for e, ' and , (or .)
// for stress, : for length, bare i/u for the short vowels, ou/əu for əʊ. Longest match first.
const ECDICT_TO_IPA: [string, string][] = [
  ['ɒ:', 'ɔː'],
  ['ɔ:', 'ɔː'],
  ['ә:', 'ɜː'],
  ['ə:', 'ɜː'],
  ['ɜ:', 'ɜː'],
  ['i:', 'iː'],
  ['u:', 'uː'],
  ['ɑ:', 'ɑː'],
  ['a:', 'ɑː'],
  ['ei', 'eɪ'],
  ['ai', 'aɪ'],
  ['ɒi', 'ɔɪ'],
  ['ɔi', 'ɔɪ'],
  ['oi', 'ɔɪ'],
  ['au', 'aʊ'],
  ['әu', 'əʊ'],
  ['əu', 'əʊ'],
  ['ou', 'əʊ'],
  ['iә', 'ɪə'],
  ['iə', 'ɪə'],
  ['єә', 'eə'],
  ['eә', 'eə'],
  ['εә', 'eə'],
  ['ɛә', 'eə'],
  ['єə', 'eə'],
  ['eə', 'eə'],
  ['uә', 'ʊə'],
  ['uə', 'ʊə'],
  ['ә', 'ə'],
  ['є', 'e'],
  ['ε', 'e'],
  ['ɛ', 'e'],
  ['i', 'ɪ'],
  ['u', 'ʊ'],
  ['o', 'ɒ'],
  ['g', 'ɡ'],
  ["'", 'ˈ'],
  [',', 'ˌ'],
  ['.', 'ˌ'],
  [':', 'ː'],
];

/** ECDICT's phonetic notation ("ni'gәuʃieit") in standard IPA ("nɪˈɡəʊʃieɪt" → British). */
export function ecdictToIpa(raw: string): string {
  const text = raw
    .trim()
    .replace(/^\/|\/$/g, '')
    .replace(/^\[|\]$/g, '');
  let out = '';
  let i = 0;
  while (i < text.length) {
    const hit = ECDICT_TO_IPA.find(([from]) => text.startsWith(from, i));
    if (hit) {
      out += hit[1];
      i += hit[0].length;
    } else {
      out += text[i];
      i += 1;
    }
  }
  // A final unstressed -i (city, happy) is the happY vowel, written i in modern dictionaries.
  return out.replace(/(?<![eaɔoə])ɪ(?=$|\s)/g, 'i').replace(/^ˌ(?=[^ˈ]*$)/, '');
}

/**
 * ECDICT writes two pronunciations of a heteronym in one field ("tiә. tєә" for tear, "liv.laiv"
 * for live): each is converted on its own, never merged into one IPA string. A "." inside one
 * pronunciation is a secondary stress ("ә.bɒmi'neiʃәn", ".ʌn'ju:ʒu:l"): without a space it
 * separates two only when both sides carry a main stress ("ә'bju:s.ә'bju:z") or neither does
 * ("liv.laiv").
 */
export function ecdictVariants(raw: string): string[] {
  return (
    raw
      .trim()
      .split(/[.,]\s+|;\s*|\s*\/\s*\/?\s*(?=\S)/)
      .flatMap((part) => {
        const dot = part.indexOf('.', 1);
        if (dot < 0) return [part];
        const [left, right] = [part.slice(0, dot), part.slice(dot + 1)];
        const stressed = (p: string) => p.includes("'");
        // "'dis.sætis'fækʃәn" is one word with a secondary stress: two variants are alike in length.
        const alike = 2 * Math.min(left.length, right.length) >= Math.max(left.length, right.length);
        return stressed(left) === stressed(right) && alike && !right.includes('.') ? [left, right] : [part];
      })
      .map((p) => p.trim())
      // "dai'lju:tid. di-": a fragment that only changes part of the word is no pronunciation of its own.
      .filter((p) => /\p{L}/u.test(p) && !/^-|-$/.test(p))
      .map(ecdictToIpa)
  );
}

/** How a word is used in its sentence, for choosing among its pronunciations. */
export interface Use {
  /** The tagger's universal part of speech. */
  pos: string | null;
  /** A past form spelt like the base ("has read", "she read it"): read /red/. */
  past?: boolean;
}

/**
 * Heteronyms whose vowels differ: which pronunciation goes with which use (British or American
 * spelling of the sound). "torn" is tear /teə/ 撕, never tear /tɪə/ 眼泪. Where the rarer sense
 * shares the part of speech (lead the metal, a bow for the hair), the common one is chosen.
 */
const HETERONYMS: Record<string, Partial<Record<string, RegExp>>> = {
  tear: { VERB: /eə|ɛr/, NOUN: /ɪə|ɪr/ },
  close: { VERB: /z$/, ADJ: /s$/, ADV: /s$/ },
  live: { VERB: /(?<!a)ɪv$/, ADJ: /aɪv$/, ADV: /aɪv$/ },
  use: { VERB: /z$/, NOUN: /s$/ },
  wind: { VERB: /aɪ/, NOUN: /ɪnd$/ },
  lead: { VERB: /iː?d$/, NOUN: /iː?d$/, ADJ: /iː?d$/ },
  read: { VERB: /iː?d$/, NOUN: /iː?d$/, PAST: /[eɛ]d$/ },
  bow: { VERB: /aʊ$/, NOUN: /əʊ$|oʊ$/ },
  sow: { VERB: /əʊ$|oʊ$/, NOUN: /aʊ$/ },
  row: { VERB: /əʊ$|oʊ$/, NOUN: /əʊ$|oʊ$/ },
  mow: { VERB: /əʊ$|oʊ$/ },
  wound: { VERB: /uː?nd$/, NOUN: /uː?nd$/ },
  minute: { NOUN: /^ˈmɪn/, ADJ: /aɪ/ },
  content: { NOUN: /^ˈk/, ADJ: /ˈt/, VERB: /ˈt/ },
};

/** Whether a pronunciation puts the main stress on its first syllable ("ˈrekɔːd"). */
const stressedFirst = (ipa: string) => ipa.startsWith('ˈ');

/**
 * Nouns and verbs spelt alike and stressed apart ("a ˈrecord", "to reˈcord"; "an ˈestimət", "to
 * ˈestimeɪt"): the American dictionary lists both, and the word has both kinds of meaning.
 */
export function shiftsStress(word: string, american: readonly string[]): boolean {
  const stressed = american.filter((v) => v.includes('ˈ'));
  if (/ate$/.test(word)) return american.some((v) => /eɪt$/.test(v)) && american.some((v) => /(?<!e)[əɪ]t$/.test(v));
  return stressed.some(stressedFirst) && stressed.some((v) => !stressedFirst(v));
}

/** What a pronunciation must be for this use, or null when any will do. */
function ruleFor(word: string, use: Use, stressShift: boolean): ((ipa: string) => boolean) | null {
  const pos = use.pos === 'AUX' ? 'VERB' : use.pos;
  const table = HETERONYMS[word.toLowerCase()];
  if (table) {
    const pattern = (use.past ? table.PAST : undefined) ?? (pos ? table[pos] : undefined);
    return pattern ? (ipa) => pattern.test(ipa) : null;
  }
  if (!stressShift || !pos) return null;
  const nominal = pos === 'NOUN' || pos === 'ADJ';
  if (/ate$/i.test(word)) return pos === 'VERB' ? (ipa) => /eɪt$/.test(ipa) : nominal ? (ipa) => /(?<!e)[əɪ]t$/.test(ipa) : null;
  return pos === 'VERB' ? (ipa) => ipa.includes('ˈ') && !stressedFirst(ipa) : nominal ? stressedFirst : null;
}

/**
 * The British and American pronunciations for the word's use in the sentence. A variety whose
 * dictionary has only the other use's pronunciation (ECDICT: "record" only /rɪˈkɔːd/) is left out
 * rather than shown wrong; with no rule for the word, each variety's first.
 */
export function forUse(
  word: string,
  variants: { uk: readonly string[]; us: readonly string[] },
  use: Use,
  stressShift: boolean,
): { uk: string | undefined; us: string | undefined } {
  const rule = ruleFor(word, use, stressShift);
  const pick = (own: readonly string[], other: readonly string[]) => {
    if (!rule) return own[0];
    return own.find(rule) ?? (other.some(rule) ? undefined : own[0]);
  };
  // ECDICT lists "bæθ.bɑ:θ", "tʃæns. tʃɑ:ns" in either order: British English says the ɑː.
  const british = variants.uk.filter((v) => !variants.uk.some((o) => o !== v && o.includes('ɑː') && o.replace(/ɑː/g, 'æ') === v));
  return { uk: pick(british, variants.us), us: pick(variants.us, variants.uk) };
}

const ARPA_VOWELS: Record<string, string> = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  EH: 'ɛ',
  ER: 'ɝ',
  EY: 'eɪ',
  IH: 'ɪ',
  IY: 'i',
  OW: 'oʊ',
  OY: 'ɔɪ',
  UH: 'ʊ',
  UW: 'u',
};
const ARPA_CONSONANTS: Record<string, string> = {
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  P: 'p',
  R: 'r',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};
/** Consonant clusters English allows at the start of a syllable (where a stress mark goes). */
const ONSETS = new Set([
  'pl',
  'pr',
  'bl',
  'br',
  'tr',
  'dr',
  'kl',
  'kr',
  'ɡl',
  'ɡr',
  'fl',
  'fr',
  'θr',
  'ʃr',
  'sp',
  'st',
  'sk',
  'sm',
  'sn',
  'sl',
  'sw',
  'tw',
  'kw',
  'dw',
  'spr',
  'spl',
  'str',
  'skr',
  'skw',
  'pj',
  'bj',
  'kj',
  'fj',
  'mj',
  'hj',
  'vj',
  'spj',
  'skj',
]);

/** A CMU dictionary pronunciation ("N IH0 G OW1 SH IY0 EY2 T") in IPA ("nɪˈɡoʊʃiˌeɪt"), American. */
export function arpabetToIpa(arpabet: string): string {
  const syllables: { onset: string[]; vowel: string; stress: string; coda: string[] }[] = [];
  let pending: string[] = [];
  for (const p of arpabet.trim().split(/\s+/)) {
    const m = p.match(/^([A-Z]+)([012])?$/);
    if (!m) continue;
    const base = m[1]!;
    const stress = m[2] ?? '0';
    const consonant = ARPA_CONSONANTS[base];
    if (consonant) {
      pending.push(consonant);
      continue;
    }
    let vowel = ARPA_VOWELS[base];
    if (!vowel) continue;
    if (base === 'AH' && stress === '0') vowel = 'ə';
    if (base === 'ER' && stress === '0') vowel = 'ɚ';
    // The consonants since the last vowel: the longest legal onset starts this syllable, the rest
    // close the previous one.
    let split = 0;
    const prev = syllables[syllables.length - 1];
    if (prev) {
      split = pending.length;
      for (let k = 0; k < pending.length; k++) {
        const cluster = pending.slice(k);
        if (cluster.length === 1 ? cluster[0] !== 'ŋ' : ONSETS.has(cluster.join(''))) {
          split = k;
          break;
        }
      }
      prev.coda = pending.slice(0, split);
    }
    syllables.push({ onset: pending.slice(split), vowel, stress, coda: [] });
    pending = [];
  }
  const last = syllables[syllables.length - 1];
  if (!last) return pending.join('');
  last.coda = pending;
  return syllables
    .map((s, i) => {
      const mark = syllables.length > 1 && s.stress === '1' ? 'ˈ' : syllables.length > 1 && s.stress === '2' && i > 0 ? 'ˌ' : '';
      return mark + s.onset.join('') + s.vowel + s.coda.join('');
    })
    .join('');
}

export function cmudictFile(): string {
  return createRequire(import.meta.url).resolve('cmu-pronouncing-dictionary');
}

/**
 * American pronunciations from the CMU pronouncing dictionary. Its module is one sorted object
 * literal, a line per word: it is searched on disk like a sorted file, never imported (4.7 MB).
 */
export function openCmudict(file = cmudictFile()) {
  const keyOf = (line: string) => {
    if (!line.startsWith('  "')) return null;
    const end = line.indexOf('"', 3);
    return end > 3 ? line.slice(3, end).replace(/\(\d+\)$/, '') : null;
  };
  const lines = sortedLineFile(file, keyOf);
  // A headword is asked again with every sentence it is tapped in.
  const answered = new LRUCache<string, readonly string[]>({ max: 4000 });
  return {
    /** The first (most common) pronunciation of a word in IPA, or null. */
    us(word: string): string | null {
      return this.usAll(word)[0] ?? null;
    },
    /** Every pronunciation the CMU dictionary lists for a word (tear: /tɛr/ and /tɪr/), most common first. */
    usAll(word: string): readonly string[] {
      const key = word.toLowerCase();
      if (!/^[a-z][a-z'.-]*$/.test(key)) return [];
      let found = answered.get(key);
      if (!found) {
        found = lines
          .find(key)
          .map((line) => line.match(/:\s*"([^"]+)"/)?.[1])
          .filter((m): m is string => !!m)
          .map(arpabetToIpa);
        answered.set(key, found);
      }
      return found;
    },
    close: () => lines.close(),
  };
}

export type Cmudict = ReturnType<typeof openCmudict>;
