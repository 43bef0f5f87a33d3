/*
 * Which part of a paragraph's stored Chinese translates which English sentence.
 *
 * Articles keep one Chinese translation per paragraph; a reader who selects one sentence should
 * get that sentence's Chinese, not the paragraph's. Both sides are split into sentences and the
 * sentences are aligned by length (Gale & Church 1993: a translation's length is roughly
 * proportional to its source's), with beads 1-1, 1-2, 2-1, 1-0 and 0-1. Numbers of two digits or
 * more that both sides write the same way ("2019", "1,500") anchor the alignment.
 *
 * The alignment also says how sure it is: the posterior probability of each bead over every
 * possible alignment (forward–backward over the same costs). A sentence whose bead is not sure
 * enough gets no sentence translation, and the caller shows the paragraph's, labelled.
 */

/** What follows a quotation to say who said it: short, with a verb of saying. */
const SPEAKER = /^[^“「『]{0,12}(?:说|问|道|喊|叫道|答|回答|表示|写道|称|补充说)[。！？!?]?$/u;

/** Chinese sentences: ends at 。！？ (and ! ?, … / ……), with the closing quotes and brackets after it. */
export function splitChinese(text: string): string[] {
  const out: string[] = [];
  const pattern = /[^。！？!?…]*(?:[。！？!?]+|…+)[”’」』）)】》"']*|[^。！？!?…]+$/gu;
  for (const m of text.matchAll(pattern)) {
    const s = m[0].trim();
    if (!s) continue;
    // A sentence that is only closing punctuation (a stray quote) belongs to the one before it.
    if (out.length > 0 && !/[\p{L}\p{N}]/u.test(s)) out[out.length - 1] += s;
    // “安全吗？”她问。 is one sentence: a quotation closed by its speaker.
    else if (out.length > 0 && /[。！？!?…][”」』"]$/u.test(out[out.length - 1]!) && SPEAKER.test(s)) out[out.length - 1] += s;
    else out.push(s);
  }
  return out;
}

/** Abbreviations that end with a full stop but rarely end a sentence (a title before a name). */
const TITLES = /(?:^|\s)(?:Mr|Mrs|Ms|Dr|Prof|Sen|Rep|Gov|Gen|Col|Lt|Sgt|Capt|Rev|St|Mt|Jr|Sr|No|vs|etc|approx|Jan|Feb|Mar|Apr|Aug|Sept|Sep|Oct|Nov|Dec|Inc|Corp|Co|Ltd)\.$/;
/** Initialisms with inner stops (U.S., U.K., a.m., e.g.): a sentence may end on one, so the next word decides. */
const INITIALISM = /(?:^|\s)(?:[A-Za-z]\.){2,}$/;
/** Words that usually start a new sentence, after an initialism that did end one ("…to the U.S. He said…"). */
const OPENERS = new Set(
  'The A An He She It They We I You This That These Those There But And So Yet In On At For After Before When While If As Then Now Its His Her Their Our Some Many Most Last Next One Two Three'.split(' '),
);

/**
 * The paragraph's sentences as a translator saw them: the segmenter splits after "Mr." and after
 * "U.S." before a name, and those pieces are one sentence. Each unit lists the indexes of the
 * segments it joins.
 */
export function englishUnits(segments: readonly string[]): { text: string; parts: number[] }[] {
  const units: { text: string; parts: number[] }[] = [];
  segments.forEach((raw, i) => {
    const segment = raw.trim();
    const last = units[units.length - 1];
    if (last) {
      const prev = last.text;
      const nextWord = segment.split(/\s+/)[0] ?? '';
      const joins =
        TITLES.test(prev) || (INITIALISM.test(prev) && (/^[a-z0-9]/.test(nextWord) || !OPENERS.has(nextWord.replace(/^["“‘(]/, ''))));
      if (joins) {
        last.text = `${prev} ${segment}`;
        last.parts.push(i);
        return;
      }
    }
    units.push({ text: segment, parts: [i] });
  });
  return units;
}

/** Length of an English sentence in characters, spaces not counted. */
const enLength = (s: string) => s.replace(/\s+/g, '').length;
/** Length of a Chinese sentence: one per Han character or punctuation mark, a Latin word or number counts by its letters' share. */
const zhLength = (s: string) => {
  const latin = (s.match(/[A-Za-z0-9]/g) ?? []).length;
  const other = s.replace(/[\sA-Za-z0-9]/g, '').length;
  return other + latin / 2.5;
};

/** Numbers of two or more digits, commas dropped: years, counts, amounts that a translation keeps. */
const numbersIn = (s: string) => (s.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => n.replace(/,/g, '')).filter((n) => n.replace(/\D/g, '').length >= 2);

type BeadKind = '1-1' | '1-2' | '2-1' | '1-0' | '0-1';
const BEADS: { kind: BeadKind; en: number; zh: number; prior: number }[] = [
  { kind: '1-1', en: 1, zh: 1, prior: 0.86 },
  // English–Chinese translators split and merge sentences more than European pairs do.
  { kind: '1-2', en: 1, zh: 2, prior: 0.06 },
  { kind: '2-1', en: 2, zh: 1, prior: 0.06 },
  { kind: '1-0', en: 1, zh: 0, prior: 0.01 },
  { kind: '0-1', en: 0, zh: 1, prior: 0.01 },
];
/** Variance of the length difference per character (Gale–Church's s², measured here on the test cases). */
const VARIANCE = 4;
/** What a number found on one side of a bead but on the other side of the paragraph costs. */
const NUMBER_MISMATCH = 3;

/** Two-tailed probability of a standard normal beyond |z| (Abramowitz & Stegun 26.2.17). */
function tail(z: number): number {
  const x = Math.abs(z);
  const t = 1 / (1 + 0.2316419 * x);
  const d = 0.3989423 * Math.exp((-x * x) / 2);
  const p = d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return 2 * p;
}

export interface Bead {
  kind: BeadKind;
  /** Indexes of the English sentences (units) in this bead. */
  en: number[];
  /** Indexes of the Chinese sentences in this bead. */
  zh: number[];
  /** Posterior probability of this bead given the lengths. */
  confidence: number;
}

const logSumExp = (a: number, b: number) => (a === Infinity ? b : b === Infinity ? a : Math.min(a, b) - Math.log1p(Math.exp(-Math.abs(a - b))));

/** The best alignment of English sentences to Chinese sentences, each bead with its posterior. */
export function alignSentences(en: readonly string[], zh: readonly string[]): Bead[] {
  const n = en.length;
  const m = zh.length;
  const le = en.map(enLength);
  const lz = zh.map(zhLength);
  const ratio = lz.reduce((a, b) => a + b, 0) / Math.max(1, le.reduce((a, b) => a + b, 0));
  const enNumbers = en.map(numbersIn);
  const zhNumbers = zh.map(numbersIn);
  const shared = new Set(enNumbers.flat().filter((x) => zhNumbers.flat().includes(x)));

  const cost = (i: number, j: number, b: (typeof BEADS)[number]) => {
    let e = 0;
    let z = 0;
    for (let k = i; k < i + b.en; k++) e += le[k]!;
    for (let k = j; k < j + b.zh; k++) z += lz[k]! / (ratio || 1);
    const mean = (e + z) / 2;
    const delta = mean > 0 ? (z - e) / Math.sqrt(VARIANCE * mean) : 0;
    let c = -Math.log(b.prior) - Math.log(Math.max(tail(delta), 1e-12));
    if (shared.size > 0) {
      const a = new Set(enNumbers.slice(i, i + b.en).flat().filter((x) => shared.has(x)));
      const bz = new Set(zhNumbers.slice(j, j + b.zh).flat().filter((x) => shared.has(x)));
      for (const x of a) if (!bz.has(x)) c += NUMBER_MISMATCH;
      for (const x of bz) if (!a.has(x)) c += NUMBER_MISMATCH;
    }
    return c;
  };

  // best[i][j]: cost of the best alignment of en[0..i) to zh[0..j); fwd/bwd: -log of the summed probabilities.
  const grid = () => Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  const best = grid();
  const from = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(-1));
  const fwd = grid();
  const bwd = grid();
  best[0]![0] = 0;
  fwd[0]![0] = 0;
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= m; j++) {
      if (i === 0 && j === 0) continue;
      BEADS.forEach((b, k) => {
        const pi = i - b.en;
        const pj = j - b.zh;
        if (pi < 0 || pj < 0 || fwd[pi]![pj] === Infinity) return;
        const c = cost(pi, pj, b);
        fwd[i]![j] = logSumExp(fwd[i]![j]!, fwd[pi]![pj]! + c);
        if (best[pi]![pj]! + c < best[i]![j]!) {
          best[i]![j] = best[pi]![pj]! + c;
          from[i]![j] = k;
        }
      });
    }
  bwd[n]![m] = 0;
  for (let i = n; i >= 0; i--)
    for (let j = m; j >= 0; j--) {
      if (i === n && j === m) continue;
      for (const b of BEADS) {
        const ni = i + b.en;
        const nj = j + b.zh;
        if (ni > n || nj > m || bwd[ni]![nj] === Infinity) continue;
        bwd[i]![j] = logSumExp(bwd[i]![j]!, cost(i, j, b) + bwd[ni]![nj]!);
      }
    }
  const total = fwd[n]![m]!;
  const beads: Bead[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const b = BEADS[from[i]![j]!]!;
    const pi = i - b.en;
    const pj = j - b.zh;
    const posterior = Math.exp(-(fwd[pi]![pj]! + cost(pi, pj, b) + bwd[i]![j]! - total));
    beads.unshift({
      kind: b.kind,
      en: Array.from({ length: b.en }, (_, k) => pi + k),
      zh: Array.from({ length: b.zh }, (_, k) => pj + k),
      confidence: Math.min(1, posterior),
    });
    i = pi;
    j = pj;
  }
  return beads;
}

/** Below this posterior a bead is not trusted: the paragraph's translation is shown instead. */
export const CONFIDENT = 0.75;

export interface SentenceTranslation {
  /** The Chinese of the sentence(s), or the paragraph's when `scope` is `paragraph`. */
  zh: string;
  /** `sentence`: aligned to the sentence (with a neighbour when the translation merged them); `paragraph`: not aligned with confidence. */
  scope: 'sentence' | 'paragraph';
  /** The English the Chinese translates: the sentence, the sentences a merged translation covers, or the paragraph. */
  en: string;
}

/**
 * The stored Chinese of the English segments `from..to` (indexes into the paragraph's sentences,
 * inclusive), or the paragraph's whole translation labelled `paragraph` when the alignment is not
 * sure of every bead they touch.
 */
export function translationOfSentences(segments: readonly string[], zh: string, from: number, to: number): SentenceTranslation {
  const paragraph: SentenceTranslation = { zh, scope: 'paragraph', en: segments.join(' ') };
  const units = englishUnits(segments);
  const zhSentences = splitChinese(zh);
  const first = units.findIndex((u) => u.parts.includes(from));
  const last = units.findIndex((u) => u.parts.includes(to));
  if (first < 0 || last < 0 || zhSentences.length === 0) return paragraph;
  // One English sentence: the whole translation is its translation.
  if (units.length === 1) return { zh, scope: 'sentence', en: units[0]!.text };
  const beads = alignSentences(
    units.map((u) => u.text),
    zhSentences,
  );
  const touched = beads.filter((b) => b.en.some((k) => k >= first && k <= last));
  if (touched.length === 0 || touched.some((b) => b.confidence < CONFIDENT || b.zh.length === 0)) return paragraph;
  const enIdx = touched.flatMap((b) => b.en);
  return {
    zh: touched
      .flatMap((b) => b.zh)
      .map((k) => zhSentences[k]!)
      .join(''),
    scope: 'sentence',
    en: enIdx.map((k) => units[k]!.text).join(' '),
  };
}

/**
 * The stored translation of the part of a paragraph a reader selected: the aligned Chinese of the
 * sentences the selection touches, or the paragraph's labelled as such. Null when the paragraph
 * has no translation or does not hold the text.
 */
export function translationOfSelection(
  p: { text: string; sentences: readonly { text: string }[]; zh: string | null },
  selection: string,
): SentenceTranslation | null {
  if (!p.zh?.trim()) return null;
  const start = p.text.indexOf(selection);
  if (start < 0) return null;
  const end = start + selection.length;
  // Where each sentence stands in the paragraph's text (they are cut from it in order).
  let at = 0;
  const touched: number[] = [];
  p.sentences.forEach((s, i) => {
    const from = p.text.indexOf(s.text, at);
    if (from < 0) return;
    at = from + s.text.length;
    if (from < end && at > start) touched.push(i);
  });
  const segments = p.sentences.map((s) => s.text);
  if (touched.length === 0) return null;
  // The whole paragraph selected (and it is more than one sentence): its translation is exactly the answer.
  if (touched.length === segments.length && englishUnits(segments).length > 1) return { zh: p.zh, scope: 'paragraph', en: p.text };
  return translationOfSentences(segments, p.zh, touched[0]!, touched[touched.length - 1]!);
}
