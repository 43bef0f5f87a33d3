import { isWordMissing, type WordEntry, type WordLookup, type WordMissing } from '@changdu/contract';
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../lib/deep-freeze.js';
import { NotFound } from '../../lib/errors.js';
import { openChineseGlosses, type ChineseGlosses } from './chinese-glosses.js';
import { openChineseWordNet, type ChineseWordNet } from './chinese-wordnet.js';
import { coarseModel } from './coarse-tagger.js';
import { lineItems } from './ecdict-clean.js';
import { isGeneralLine, meaningLines, rankedSenses, sensesInContext, uposOfLabel, type SensesInContext } from './context.js';
import type { Ecdict, EcdictEntry } from './ecdict.js';
import { dictionaryHasPos } from './pos-lexicon.js';
import { tagSentence, tokenInSentence } from './pos-rules.js';
import { ecdictVariants, forUse, openCmudict, shiftsStress, type Cmudict, type Pronunciation, type Use } from './phonetics.js';
import { corpusRank } from './word-bands.js';
import { openWordNet, type WordNet } from './wordnet.js';
import { openWordVectors, type WordVectors } from './word-vectors.js';
import type { TokenInContext } from './lemmatizer.js';
import { markOwnVerbs } from './own-verbs.js';
import { phraseIndex, type PhraseIndex } from './phrase-index.js';
import { phraseFinder, type PhraseInSentence } from './phrases.js';
import { phraseLedLines, phraseLinesBySense } from './sense-order.js';
import { openChineseFrequency } from './chinese-frequency.js';
import { functionWord } from './function-words.js';
import { entryForForm } from './entry-choice.js';
import { fromToken, tappedToken } from './tapped-token.js';

const FORM_LABELS: Record<string, string> = {
  p: '过去式',
  d: '过去分词',
  i: '现在分词',
  '3': '第三人称单数',
  s: '复数',
  r: '比较级',
  t: '最高级',
};

/** Which parts of speech each form can have, to read "leaves" as a verb or a noun from its sentence. */
const FORM_POS: Record<string, string[]> = {
  p: ['VERB', 'AUX'],
  d: ['VERB', 'AUX', 'ADJ'],
  i: ['VERB', 'AUX', 'NOUN', 'ADJ'],
  '3': ['VERB', 'AUX'],
  s: ['NOUN'],
  r: ['ADJ', 'ADV'],
  t: ['ADJ', 'ADV'],
};
const EXAM_LABELS: [string, string][] = [
  ['zk', '中考'],
  ['gk', '高考'],
  ['cet4', 'CET-4'],
  ['cet6', 'CET-6'],
  ['ky', '考研'],
  ['ielts', 'IELTS'],
  ['toefl', 'TOEFL'],
  ['gre', 'GRE'],
];

/**
 * Exam labels of a headword. ECDICT has no TEM lists: TEM-4 is given to the 8,000 most common
 * headwords and TEM-8 to those from 8,001 to 13,000 (the syllabus sizes; docs/articles.md).
 */
export function examLabels(entry: EcdictEntry): string[] {
  const labels = EXAM_LABELS.filter(([tag]) => entry.tags.includes(tag)).map(([, label]) => label);
  const rank = corpusRank(entry);
  if (rank !== null && rank <= 8000) labels.push('TEM-4');
  else if (rank !== null && rank <= 13000) labels.push('TEM-8');
  return labels;
}

/** ECDICT's Chinese lines ("vt. 谈妥, 转让") as part of speech + meaning, in ECDICT's order. */
export function meaningsOf(entry: EcdictEntry): { pos: string | null; text: string }[] {
  return meaningLines(entry);
}

/**
 * British (ECDICT, converted to IPA) and American (CMU dictionary) pronunciations of a headword;
 * a heteronym's is the one of its part of speech in the sentence (phonetics.ts#forPos).
 */
export function pronunciations(entry: EcdictEntry, cmudict: Cmudict, use: Use = { pos: null }): Pronunciation[] {
  const us = cmudict.usAll(entry.word);
  const lines = meaningLines(entry).map((m) => uposOfLabel(m.pos));
  const nounAndVerb = lines.some((u) => u.includes('VERB')) && lines.some((u) => u.includes('NOUN') || u.includes('ADJ'));
  const chosen = forUse(
    entry.word,
    { uk: entry.phonetic ? ecdictVariants(entry.phonetic) : [], us },
    use,
    nounAndVerb && shiftsStress(entry.word, us),
  );
  const list: Pronunciation[] = [];
  if (chosen.uk) list.push({ variant: 'UK', ipa: chosen.uk });
  if (chosen.us) list.push({ variant: 'US', ipa: chosen.us });
  return list;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = temp;
    }
  }
  return row[b.length]!;
}

/** A lookup's part that is the same for every reader (dictionaryService#answered). */
type Analysed =
  | { missing: WordMissing }
  | {
      headword: string;
      shared: Readonly<Omit<WordEntry, 'in_wordbook'>>;
      /** The whole answers, made at the first lookup that needs each (dictionaryService#answerOf). */
      answers?: { kept?: WordEntry; notKept?: WordEntry };
    };

export interface LookupHooks {
  /** Whether the reader keeps this headword in their word book (answered from memory when it can be). */
  inWordBook(userId: number, word: string): boolean | Promise<boolean>;
  /** Counts the lookup toward the reader's day; notes it only, no write on the lookup's path. */
  recordLookup(userId: number, word: string): void;
}

export interface LookupOptions {
  /** False: not counted toward the reader's read data (a lookup made for another module). */
  record?: boolean;
  /** Which occurrence of the word in its sentence was tapped (0-based; contract word-occurrence.ts); the first when absent. */
  at?: number | undefined;
}

/** Offline dictionary lookups: the tapped form resolved to its headword using the sentence. */
export function dictionaryService(
  dict: Ecdict,
  hooks: LookupHooks,
  sources: {
    wordnet?: WordNet;
    cmudict?: Cmudict;
    phrases?: PhraseIndex;
    glosses?: ChineseGlosses;
    synsetWords?: ChineseWordNet;
    vectors?: WordVectors;
    ordered?: false;
  } = {},
) {
  // Both are files searched on disk, opened at the first lookup (docs/reading.md § Dictionary).
  const wordnet = sources.wordnet ?? openWordNet();
  const cmudict = sources.cmudict ?? openCmudict();
  // The tagger's second pass, loaded now so a missing model file stops the start, not a lookup.
  coarseModel();
  // What ties ECDICT's Chinese items to WordNet's senses (sense-order.ts): CC-CEDICT's English for
  // an item, ECDICT's own Chinese for a sense's words (general lines only, kept per word).
  // A sense's words recur across taps (its synonyms and definition, for every word that has it),
  // and ECDICT's own entry cache holds the tapped words: the items are kept here, a few hundred
  // bytes a word, so a first tap does not look up its senses' words again.
  const chineseItems = new LRUCache<string, readonly string[]>({ max: 12000 });
  const chineseOf = (english: string): readonly string[] => {
    let items = chineseItems.get(english);
    if (!items) {
      const entry = dict.lookup(english);
      items = entry
        ? meaningLines(entry)
            .filter(isGeneralLine)
            .flatMap((l) => lineItems(l.text))
        : [];
      chineseItems.set(english, items);
    }
    return items;
  };
  // `ordered: false` keeps ECDICT's own order inside a part of speech (the tests' baseline).
  // Word vectors weigh a sentence against each sense's gloss; the file is searched on disk, opened at the first lookup.
  const vectors = sources.ordered === false ? undefined : (sources.vectors ?? openWordVectors());
  const senseSources = {
    wordnet,
    vectors,
    bridges:
      sources.ordered === false
        ? undefined
        : {
            synsetWords: sources.synsetWords ?? openChineseWordNet(),
            glosses: sources.glosses ?? openChineseGlosses(),
            chineseOf,
            frequency: openChineseFrequency(),
          },
  };

  /** Close spellings by prefix and edit distance, common words first. */
  function suggestions(word: string): string[] {
    const lower = word.toLowerCase();
    const seen = new Set<string>();
    const candidates = [lower.slice(0, 3), lower.slice(0, 2)]
      .filter((p) => p.length >= 2)
      .flatMap((prefix) => dict.startingWith(prefix))
      .filter((c) => /^[a-z]+$/.test(c.word) && !seen.has(c.word) && seen.add(c.word));
    return candidates
      .map((c) => ({ word: c.word, d: editDistance(lower, c.word), rank: c.frq || c.bnc || 1e6 }))
      .filter((c) => c.d <= 2)
      .sort((a, b) => a.d - b.d || a.rank - b.rank)
      .slice(0, 5)
      .map((c) => c.word);
  }

  /** Whether the word (or its headword) has a meaning of this universal part of speech. */
  const hasPos = dictionaryHasPos(dict);
  // Each sentence tagged once (context-cache.ts keeps wink-nlp's pass; this keeps the second pass
  // and the rules over it): a reader taps several words of a sentence, and every reader of an
  // article taps in the same sentences. The tokens are frozen: callers copy before they change one.
  const sentenceTags = new LRUCache<string, readonly TokenInContext[]>({ max: 4000 });
  const taggedSentence = (sentence: string): readonly TokenInContext[] => {
    let tokens = sentenceTags.get(sentence);
    if (!tokens) {
      const tagged = tagSentence(sentence, hasPos);
      markOwnVerbs(tagged, dict, wordnet);
      tokens = Object.freeze(tagged.map((t) => Object.freeze(t)));
      sentenceTags.set(sentence, tokens);
    }
    return tokens;
  };

  // The multi-word headwords are indexed at start (phrase-index.ts); a tap inside one answers it too.
  // The finder reads the sentence as the sheet does (the second pass and the rules over wink-nlp).
  const { bridges } = senseSources;
  const phraseOf = phraseFinder(dict, wordnet, sources.phrases ?? phraseIndex(), taggedSentence, {
    rank: (senses, sentence, tapped, key) => rankedSenses(senses, sentence, tapped, key, vectors),
    order: (lines, ranked) => (bridges ? phraseLinesBySense(lines, ranked, bridges.synsetWords) : lines),
  });

  // "gaming tables", "the spreading maples": a form in -ing before its noun stays the word its entry has.
  const beforeNoun = (word: string, sentence: string | undefined, occurrence: number) => {
    if (!sentence) return false;
    const tokens = taggedSentence(sentence);
    const at = tappedToken(tokens, sentence, word, occurrence);
    return at >= 0 && ['NOUN', 'PROPN'].includes(tokens[at + 1]?.pos ?? '');
  };

  /** The tapped word read in its sentence; `at` says which occurrence of it was tapped (0 the first; contract word-occurrence.ts). */
  function resolve(word: string, sentence: string | undefined, at = 0) {
    // "in men's eyes": a possessive is its noun (ECDICT's "men's" is 男公共厕所), as the reader's tap
    // sends it (web word-span.ts#lookupForm); "it's", "let's" are no possessives.
    const possessive = word.trim().match(/^([A-Za-z-]+)['’]s$/);
    const noun = possessive && !functionWord(possessive[1]!) && !/^let$/i.test(possessive[1]!) && hasPos(possessive[1]!, 'NOUN');
    const query = (noun ? possessive[1]! : word).trim().replace(/[’]/g, "'");
    const lower = query.toLowerCase();
    const found = phraseOf(query, sentence, at);
    let context = tokenInSentence(query, sentence, hasPos, taggedSentence, at);
    // The phrase settles a tagger's slip: "points" in "Chesley points out that…" is the verb of
    // "point out", so the sheet, the word book and the card show its verb meanings.
    if (context && found?.verb && context.pos === 'NOUN') context = { ...context, pos: 'VERB', lemma: found.verb };
    const fromContext = context && context.pos !== 'PROPN' ? dict.lookup(context.lemma) : null;
    const fromForms = dict.lemma(lower);
    // What follows the tapped token, not the word's first occurrence ("rose 23/32" after "a rose").
    const tokens = sentence ? taggedSentence(sentence) : [];
    const from = sentence ? fromToken(sentence, tokens, tappedToken(tokens, sentence, query, at)) : undefined;
    const chosen = entryForForm(
      { dict, wordnet, beforeNoun: (w, s) => beforeNoun(w, s, at) },
      { query, lower, sentence, from, context, entry: fromContext ?? fromForms ?? dict.lookup(lower) },
    );
    return { query, lower, context: chosen.context, entry: chosen.entry, phrase: found?.phrase ?? null };
  }

  /** The meanings in the sentence; a noun or adjective inside a compound leads with the item its compound says (phraseLedLines). */
  function sensesWithPhrase(
    entry: EcdictEntry,
    query: string,
    sentence: string | undefined,
    context: TokenInContext | null,
    phrase: PhraseInSentence | null,
  ): SensesInContext {
    const senses = sensesInContext(entry, senseSources, query, sentence, context);
    if (!phrase || !context || !['NOUN', 'ADJ'].includes(context.pos)) return senses;
    return { ...senses, meanings: phraseLedLines(senses.meanings, phrase.meanings) };
  }

  /**
   * Everything of a lookup that is the same for every reader: the headword and the answer
   * without `in_wordbook`, or the not-found message with its suggestions.
   */
  function analyse(word: string, sentence: string | undefined, at: number): Analysed {
    const { query, lower, context, entry, phrase } = resolve(word, sentence, at);
    if (!entry) {
      const close = suggestions(lower);
      const message = `词典里没有找到“${query}”${close.length ? `。你要找的是不是：${close.join('、')}？` : ''}`;
      // Frozen like an entry: the route sends the bytes it kept for it (http/serialize.ts#envelopeWriter).
      return { missing: deepFreeze({ found: false as const, query, suggestions: close, message }) };
    }
    const headword = entry.word.toLowerCase() === entry.word ? entry.word : entry.word.toLowerCase();
    // Regular verbs share one form for past and past participle: name both. The part of
    // speech in the sentence picks between e.g. "leaves" as a verb (3rd person) and a noun (plural).
    const matching = Object.keys(FORM_LABELS).filter((k) => entry.exchange[k]?.toLowerCase() === lower);
    const fitting = matching.filter((k) => !context || (FORM_POS[k] ?? []).includes(context.pos));
    const formLabels = (fitting.length ? fitting : matching).map((k) => FORM_LABELS[k]!);
    const senses = sensesWithPhrase(entry, query, sentence, context, phrase);
    const phonetics = pronunciations(entry, cmudict, { pos: context?.pos ?? null, past: context?.pastForm === true });
    // Frozen once, as a copy (freezing it freezes nothing another cache holds): the reader's two
    // answers (in the word book or not) are shallow copies around it, one set of nested objects.
    return {
      headword,
      shared: deepFreeze(
        structuredClone({
          word: entry.word,
          query,
          form_of: headword !== lower ? { label: formLabels.length ? [...new Set(formLabels)].join('/') : '变形', form: lower } : null,
          pos_in_context: context?.pos ?? null,
          phonetic: phonetics[0]?.ipa ?? null,
          phonetics,
          meanings: senses.meanings,
          definition: senses.definitions[0]?.text ?? null,
          definitions: senses.definitions.map((d) => d.text),
          function_note: senses.functionNote,
          sense_sure: senses.senseSure,
          inflections: Object.entries(entry.exchange)
            .filter(([k]) => FORM_LABELS[k])
            .map(([k, v]) => ({ label: FORM_LABELS[k]!, form: v })),
          exams: examLabels(entry),
          frequency: corpusRank(entry),
          phrase,
        }),
      ),
    };
  }

  // Lookups by (tapped form, sentence). The dictionary files never change while the server runs,
  // so an answer holds until it is evicted; readers of one article tap the same words in the same
  // sentences, and a repeat tap then skips the tagger, WordNet's and the CMU file's disk searches.
  // It must hold the taps of the articles being read at once: the 14 demo articles alone have 3,641
  // (word, sentence) taps, and at 2,000 answers the realistic mix missed most of them as it cycled
  // (docs/performance.md § The answer cache). An answer is 1–3 KB, so 6,000 stay under ~18 MB.
  // Callers must not change what they get.
  const answers = new LRUCache<string, Analysed>({ max: 6000 });
  // Keyed by the tapped occurrence too: the second "run" of a sentence may be another word than the first.
  const answerKey = (word: string, sentence: string | undefined, at: number) => `${word}\u0000${sentence ?? ''}\u0000${at}`;
  function answered(word: string, sentence: string | undefined, at: number): Analysed {
    const key = answerKey(word, sentence, at);
    let found = answers.get(key);
    if (!found) {
      found = analyse(word, sentence, at);
      answers.set(key, found);
    }
    return found;
  }

  /**
   * The dictionary's answer for a tapped word: its entry (with `in_wordbook` for a logged-in
   * reader, whose lookup counts toward read data), or what was not found and close spellings.
   * `at`: which occurrence of the word in the sentence was tapped (0, the first, when not given).
   */
  async function answerFor(
    word: string,
    sentence: string | undefined,
    userId: number | null,
    options: LookupOptions = {},
  ): Promise<WordLookup> {
    const found = answered(word, sentence, options.at ?? 0);
    if ('missing' in found) return found.missing;
    if (userId !== null && options.record !== false) hooks.recordLookup(userId, found.headword);
    const kept = userId !== null && (await hooks.inWordBook(userId, found.headword));
    // One frozen answer per analysis and word-book state, the same object for every caller: the
    // route sends the bytes it kept for it (http/serialize.ts#envelopeWriter). The shared part is
    // frozen already; each answer only adds its flag.
    const answers = (found.answers ??= {});
    const key = kept ? 'kept' : 'notKept';
    answers[key] ??= Object.freeze({ ...found.shared, in_wordbook: kept });
    return answers[key];
  }

  return {
    /**
     * The word as used in its sentence, without side effects: its headword, the tagger's part of
     * speech, Chinese meanings of that part of speech first, the WordNet definitions that best fit
     * the sentence, and a learner's note for function words. Null when the dictionary has no entry.
     */
    senses(word: string, sentence: string | undefined, at = 0): (SensesInContext & { headword: string }) | null {
      const { query, context, entry, phrase } = resolve(word, sentence, at);
      if (!entry) return null;
      return { headword: entry.word.toLowerCase(), ...sensesWithPhrase(entry, query, sentence, context, phrase) };
    },

    /** The headword a tapped form belongs to in its sentence, or null when the dictionary has none. */
    headword(word: string, sentence: string | undefined, at = 0): string | null {
      // A word added from the sheet was just looked up in its sentence: its kept answer knows.
      const kept = answers.peek(answerKey(word, sentence, at));
      if (kept) return 'missing' in kept ? null : kept.headword;
      return resolve(word, sentence, at).entry?.word.toLowerCase() ?? null;
    },

    answer: answerFor,

    /** The entry for a tapped word, for the modules that need one; NotFound when the dictionary has none. */
    async lookup(word: string, sentence: string | undefined, userId: number | null, options: LookupOptions = {}): Promise<WordEntry> {
      const answer = await answerFor(word, sentence, userId, options);
      if (isWordMissing(answer)) throw new NotFound(answer.message);
      return answer;
    },
  };
}

export type DictionaryService = ReturnType<typeof dictionaryService>;
