import type { WordEntry } from '@changdu/contract';
import { NotFound } from '../../lib/errors.js';
import type { Ecdict, EcdictEntry } from './ecdict.js';
import { inContextCached } from './context-cache.js';
import { corpusRank } from './word-bands.js';

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

/** ECDICT's Chinese lines ("vt. 谈妥, 转让") as part of speech + meaning. */
export function meaningsOf(entry: EcdictEntry): WordEntry['meanings'] {
  return (entry.translation ?? '')
    .split(/\\n|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = line.match(/^([a-z]+\.(?:\s*&\s*[a-z]+\.)?)\s*(.*)$/);
      return m ? { pos: m[1]!, text: m[2]!.trim() } : { pos: null, text: line };
    })
    .filter((m) => m.text);
}

function firstDefinition(entry: EcdictEntry): string | null {
  const line = (entry.definition ?? '').split(/\\n|\n/)[0]?.trim();
  return line ? line : null;
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

export interface LookupHooks {
  /** Whether the reader keeps this headword in their word book. */
  inWordBook(userId: number, word: string): Promise<boolean>;
  /** Counts the lookup toward the reader's day. */
  recordLookup(userId: number, word: string): Promise<void>;
}

/** Offline dictionary lookups: the tapped form resolved to its headword using the sentence. */
export function dictionaryService(dict: Ecdict, hooks: LookupHooks) {
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

  function resolve(word: string, sentence: string | undefined) {
    const query = word.trim().replace(/[’]/g, "'");
    const lower = query.toLowerCase();
    const context = inContextCached(query, sentence);
    const fromContext = context && context.pos !== 'PROPN' ? dict.lookup(context.lemma) : null;
    const fromForms = dict.lemma(lower);
    const entry = fromContext ?? fromForms ?? dict.lookup(lower);
    return { query, lower, context, entry };
  }

  return {
    /** The headword a tapped form belongs to in its sentence, or null when the dictionary has none. */
    headword(word: string, sentence: string | undefined): string | null {
      return resolve(word, sentence).entry?.word.toLowerCase() ?? null;
    },

    async lookup(
      word: string,
      sentence: string | undefined,
      userId: number | null,
      options: { record?: boolean } = {},
    ): Promise<WordEntry> {
      const { query, lower, context, entry } = resolve(word, sentence);
      if (!entry) {
        const close = suggestions(lower);
        throw new NotFound(`词典里没有找到“${query}”${close.length ? `。你要找的是不是：${close.join('、')}？` : ''}`);
      }
      const headword = entry.word.toLowerCase() === entry.word ? entry.word : entry.word.toLowerCase();
      // Regular verbs share one form for past and past participle: name both. The part of
      // speech in the sentence picks between e.g. "leaves" as a verb (3rd person) and a noun (plural).
      const matching = Object.keys(FORM_LABELS).filter((k) => entry.exchange[k]?.toLowerCase() === lower);
      const fitting = matching.filter((k) => !context || (FORM_POS[k] ?? []).includes(context.pos));
      const formLabels = (fitting.length ? fitting : matching).map((k) => FORM_LABELS[k]!);
      if (userId !== null && options.record !== false) await hooks.recordLookup(userId, headword);
      return {
        word: entry.word,
        query,
        form_of: headword !== lower ? { label: formLabels.length ? [...new Set(formLabels)].join('/') : '变形', form: lower } : null,
        pos_in_context: context?.pos ?? null,
        phonetic: entry.phonetic,
        meanings: meaningsOf(entry),
        definition: firstDefinition(entry),
        inflections: Object.entries(entry.exchange)
          .filter(([k]) => FORM_LABELS[k])
          .map(([k, v]) => ({ label: FORM_LABELS[k]!, form: v })),
        exams: examLabels(entry),
        frequency: corpusRank(entry),
        in_wordbook: userId !== null && (await hooks.inWordBook(userId, headword)),
      };
    },
  };
}

export type DictionaryService = ReturnType<typeof dictionaryService>;
