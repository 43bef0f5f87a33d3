import { frequencyForms, type ChineseFrequency } from './chinese-frequency.js';
import type { ChineseGlosses } from './chinese-glosses.js';
import type { ChineseWordNet } from './chinese-wordnet.js';
import { lineItems } from './ecdict-clean.js';
import type { WordNetSense } from './wordnet.js';

/** A WordNet sense as ranked for one sentence (context.ts#rankedSenses), best first. */
export interface RankedSense {
  sense: WordNetSense;
  /** Words the sense shares with the sentence. */
  overlap: number;
  /** Cosine of the sentence's and the gloss's word vectors (0 without vectors). */
  similarity: number;
  /** Whether the verb's use in the sentence fits this sense's frames where other senses' do not ("fired him": 9 "Somebody ----s somebody"). */
  frame?: boolean;
  /** Whether the sentence's topic chose this sense (topic.ts#topicSenseFirst: "sales for the quarter" is the year's quarter). */
  topic?: boolean;
}

export interface MeaningLine {
  pos: string | null;
  text: string;
}

// Gloss words that say nothing of a sense ("to run; to operate (a business)").
const GLOSS_STOP = new Set(
  'the a an of to and or in on at for with by from as be is are was sth sb something somebody someone one etc esp especially fig lit used its it that this which who very also into out up about make do get have take give'.split(
    ' ',
  ),
);

/** Content words of an English gloss, crudely stemmed so "gifts" meets "gift" and "operating" meets "operate". */
function glossWords(text: string, skip: Set<string>): Set<string> {
  const words = new Set<string>();
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (raw.length < 3 || GLOSS_STOP.has(raw)) continue;
    const stem = raw.replace(/(ies|es|s|ed|ing|ly|e)$/, '');
    if (skip.has(stem)) continue;
    words.add(stem);
  }
  return words;
}

/** The forms to try for an ECDICT item in CC-CEDICT: "(使)粘住" → 粘住, "轻的" → 轻. */
function itemForms(item: string): string[] {
  const bare = item
    .replace(/[(（<＜[【][^)）>＞\]】]*[)）>＞\]】]/g, '')
    .replace(/…|\.\.\./g, '')
    .trim();
  const forms = [bare];
  if (/[的地]$/.test(bare) && bare.length > 2) forms.push(bare.slice(0, -1));
  if (/^使/.test(bare) && bare.length > 2) forms.push(bare.slice(1));
  return forms.filter(Boolean);
}

const MARGIN = 2;
/** How far the chosen sense's similarity must lead every other's when no word of the sentence is in its gloss. */
const SIMILARITY_LEAD = 0.1;

/** Below this count (jieba's, over some 60 million words) an item is a rare word in Chinese: 角锥, 小山羊, 光线束. */
const RARE_ITEM = 50;
/** How much more common the everyday item must be: 小孩 1,589 against 小山羊 3, 铅笔 327 against 光线束 0. */
const COMMON_ITEM = 300;
const COMMON_RATIO = 20;

/** Characters too common in Chinese glosses to tie an item to a sense (的 in every adjective). */
const COMMON_HAN = new Set([...'的地得之性化者人物子儿于以与和或等使被把为了是在有不一个上下中大小']);

/**
 * Chinese words asked about many items (a sense's words, for every item of every line): one set
 * for the same word, and the words joined by a character no item holds, so a pair or a character
 * is looked for once, not word by word.
 */
export interface HanWords {
  words: ReadonlySet<string>;
  joined: string;
}

export const hanWords = (words: readonly string[]): HanWords => ({ words: new Set(words), joined: words.join('\u0000') });

/** How strongly a Chinese item agrees with Chinese words: the same word 3, a shared pair 2, a rarer shared character 1. */
export function hanAgreement(item: string, words: readonly string[] | HanWords): number {
  const han = 'joined' in words ? words : hanWords(words);
  if (han.words.has(item)) return 3;
  for (let i = 0; i + 1 < item.length; i++) if (han.joined.includes(item.slice(i, i + 2))) return 2;
  for (const ch of item) if (!COMMON_HAN.has(ch) && /\p{Script=Han}/u.test(ch) && han.joined.includes(ch)) return 1;
  return 0;
}

/**
 * What tells an ECDICT item's sense: the Chinese Open Wordnet's words for the sense itself,
 * CC-CEDICT's English for a Chinese word, ECDICT's Chinese for an English one.
 */
export interface SenseBridges {
  synsetWords: ChineseWordNet;
  glosses: ChineseGlosses;
  /** The Chinese items of an English word's general ECDICT lines ("gift" → 礼物, 赠品, 天赋). */
  chineseOf(english: string): readonly string[];
  /** How common a Chinese item is in running text (jieba's counts). */
  frequency: ChineseFrequency;
}

/** English words of a sense worth translating: its synonyms and the content words of its definition. */
function senseWords(sense: WordNetSense, skip: Set<string>): string[] {
  const synonyms = sense.words.map((w) => w.replace(/_/g, ' ').toLowerCase());
  const defined = (sense.definition.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 3 && !GLOSS_STOP.has(w));
  return [...new Set([...synonyms, ...defined])].filter((w) => !skip.has(w.replace(/(ies|es|s|ed|ing|ly|e)$/, ''))).slice(0, 12);
}

/**
 * How well an item is one of the Chinese Open Wordnet's words for a sense: the same word (or one
 * of its forms, 粘住 for "(使)粘住") 4, otherwise as much as its characters agree (at most 2).
 */
function synsetAgreement(forms: string[], words: HanWords): number {
  if (forms.some((f) => words.words.has(f))) return 4;
  return Math.min(2, hanAgreement(forms[0] ?? '', words));
}

/**
 * How well an ECDICT item says each ranked sense: its agreement with the Chinese Open Wordnet's
 * words for the sense, CC-CEDICT's English for the item against the sense's synonyms (double) and
 * definition, and the item's agreement with ECDICT's Chinese for those English words (礼品 and
 * "gift" → 礼物, 赠品). Senses after the eighth are not weighed. What each sense is weighed by is
 * prepared once per tap and each item's scores kept: one tap asks about the same items several
 * times (every item of every line, the first again, topic.ts's candidates).
 */
function itemScorer(ranked: RankedSense[], bridges: SenseBridges, skip: Set<string>, senseCow: string[][]): (item: string) => number[] {
  const senses = ranked.slice(0, 8).map(({ sense }, i) => ({
    synonyms: glossWords(sense.words.join(' ').replace(/_/g, ' '), skip),
    defined: glossWords(sense.definition, skip),
    han: hanWords(senseWords(sense, skip).flatMap((w) => bridges.chineseOf(w))),
    cow: hanWords(senseCow[i]!),
  }));
  const kept = new Map<string, number[]>();
  return (item) => {
    const known = kept.get(item);
    if (known) return known;
    const forms = itemForms(item);
    const english = forms.map((f) => bridges.glosses.english(f)).find((g) => g !== null);
    const said = english ? glossWords(english.join(' '), skip) : new Set<string>();
    const bare = forms[0] ?? item;
    const scores = senses.map(({ synonyms, defined, han, cow }) => {
      let score = 0;
      for (const w of synonyms) if (said.has(w)) score += 2;
      for (const w of defined) if (said.has(w)) score += 1;
      return score + hanAgreement(bare, han) + synsetAgreement(forms, cow);
    });
    kept.set(item, scores);
    return scores;
  };
}

/**
 * ECDICT orders a line's Chinese items by how common they are, not by the sentence ("n. 现在, 礼品"
 * for a present given on a birthday). When the sentence chose a WordNet sense, the items that say
 * that sense better than any other move to the front of their line, and a line holding one moves
 * before the other lines of the same part of speech; everything else keeps ECDICT's order. Only
 * when the sentence shares a word with the sense or its words lie clearly nearer that sense's gloss
 * than any other's (word vectors): with no evidence WordNet's most frequent sense is no better a
 * guess than ECDICT's first item.
 */
export function orderBySense<L extends MeaningLine>(
  lines: L[],
  ranked: RankedSense[],
  bridges: SenseBridges,
  forms: string[],
): {
  lines: L[];
  settled: boolean;
  /** Whether the first item shown says the sense ranked first, evidence or not (topic.ts yields to it). */
  firstSays: boolean;
  /** Whether an item says one of the two senses ranked first (topic.ts moves only such an item). */
  saysLikelySense: (item: string) => boolean;
} {
  const top = ranked[0];
  if (!top || ranked.length < 2) return { lines, settled: false, firstSays: false, saysLikelySense: () => true };
  const senseCow = ranked.slice(0, 8).map(({ sense }) => bridges.synsetWords.words(sense.synset));
  // A sense the Chinese Open Wordnet words as the chosen one is no rival ("refuse to accept" and
  // "show unwillingness towards" are both 谢绝): the lead is over the senses that say something else.
  const topWords = new Set(senseCow[0]);
  const sameWorded = (k: number) => k > 0 && k < 8 && senseCow[k]!.some((w) => topWords.has(w));
  const rivals = ranked.slice(1).filter((r, k) => !sameWorded(k + 1));
  const lead = top.similarity - Math.max(-1, ...rivals.map((r) => r.similarity));
  const skip = new Set(forms.map((f) => f.toLowerCase().replace(/(ies|es|s|ed|ing|ly|e)$/, '')));
  const itemScores = itemScorer(ranked, bridges, skip, senseCow);
  // A sense worded as the chosen one that lies as near the sentence is no rival, but the ranking did not
  // tell the two apart either ("real estate prices": "the property of having material worth" first on
  // its count, "the amount of money needed to purchase something" nearer, both 价格): the item both
  // say is the sentence's word, not one that says the first alone (价值).
  const twins = ranked.slice(1, 8).flatMap((r, k) => (sameWorded(k + 1) && r.similarity >= top.similarity ? [k + 1] : []));
  // How well each item says the chosen sense (with its twins, the senses worded as it: then no sense
  // worded as it is a rival); 0 when it says a rival sense as well or better.
  const topScore = (item: string) => {
    const scores = itemScores(item);
    const own = Math.min(scores[0]!, ...twins.map((k) => scores[k]!));
    return scores.every((s, k) => s <= scores[0]! || (twins.length > 0 && sameWorded(k))) ? own : 0;
  };
  const firstItem = lines[0] ? lineItems(lines[0].text)[0] : undefined;
  const firstSays = !!firstItem && itemScores(firstItem)[0]! > 0;
  const saysLikelySense = (item: string) =>
    itemScores(item)
      .slice(0, 2)
      .some((score) => score > 0);
  if (top.overlap === 0 && !top.frame && !top.topic && lead < SIMILARITY_LEAD) return { lines, settled: false, firstSays, saysLikelySense };
  const reordered = lines.map((line) => {
    const items = lineItems(line.text).map((item, i) => ({ item, i, score: topScore(item) }));
    const best = Math.max(0, ...items.map((x) => x.score));
    // ECDICT's first item is the common meaning: another goes before it only when it says the sense clearly better.
    if (best < items[0]!.score + MARGIN) return { line, hasTop: best > 0, firstSays: items[0]!.score > 0 };
    const ahead = items.filter((x) => x.score >= items[0]!.score + MARGIN).sort((a, b) => b.score - a.score || a.i - b.i);
    // Nor does a rare word go before a common one that is the word's plain translation ("prison: n. 监狱,
    // 监禁, 拘留所": a sense defined as "confined while on trial" agrees with 拘留所, but a prison is 监狱).
    if (rareWord(ahead[0]!.item, bridges.frequency) && plainTranslation(items[0]!.item, line.pos, forms, bridges))
      return { line, hasTop: true, firstSays: items[0]!.score > 0 };
    const text = [...ahead, ...items.filter((x) => x.score < items[0]!.score + MARGIN)].map((x) => x.item).join(', ');
    return { line: { ...line, text }, hasTop: true, firstSays: true };
  });
  const ordered = [...reordered.filter((r) => r.hasTop), ...reordered.filter((r) => !r.hasTop)];
  // Settled when the first item shown says the sense the sentence chose.
  return {
    lines: ordered.map((r) => r.line),
    settled: ordered[0]?.firstSays === true,
    firstSays: ordered[0]?.firstSays === true || firstSays,
    saysLikelySense,
  };
}

/**
 * A phrase's Chinese items led by the sense its sentence means. ECDICT orders a phrase's items by
 * no frequency ("turn out" leads with 打扫, "pick up" with 掘地, "come out" with 到边远地区来), so an
 * item the Chinese Open Wordnet gives for the sense ranked first goes first, its line first ("nothing
 * came out" 出现, "the chopper takes off" 起飞, "TV cuts back to" 倒叙). Without such an item
 * ECDICT's order stays.
 */
export function phraseLinesBySense<L extends MeaningLine>(lines: L[], ranked: RankedSense[], synsetWords: ChineseWordNet): L[] {
  const top = ranked[0];
  if (!top) return lines;
  const words = new Set(synsetWords.words(top.sense.synset));
  const at = lines.findIndex((l) => lineItems(l.text).some((item) => words.has(item)));
  if (at < 0) return lines;
  const items = lineItems(lines[at]!.text);
  const lead = items.find((item) => words.has(item))!;
  const line = { ...lines[at]!, text: [lead, ...items.filter((item) => item !== lead)].join(', ') };
  return [line, ...lines.filter((_, k) => k !== at)];
}

/** CC-CEDICT's marks of a specialist's word: "存储器" is "memory (computing)", "自变量" "(math.) independent variable". */
const DOMAIN_GLOSS =
  /\((computing|computer|math\.?|mathematics|medicine|medical|law|legal|chemistry|physics|biology|botany|zoology|electricity|electronics|linguistics|finance|economics|sports|military|geology|astronomy|anatomy|pharmacology|statistics|music|TCM|Buddhism)\)/i;

/** Whether every English gloss CC-CEDICT gives an item is marked for a specialist. */
function specialistItem(item: string, glosses: ChineseGlosses): boolean {
  const english = itemForms(item)
    .map((f) => glosses.english(f))
    .find((g) => g !== null);
  return !!english && english.length > 0 && english.every((g) => DOMAIN_GLOSS.test(g));
}

/**
 * A specialist's word does not lead a line when a general one follows ("n. 存储器, 储藏, 保管" for
 * food's storage conditions → 储藏 first), unless the sense the sentence chose is itself filed under
 * a topic (WordNet's domain pointer).
 */
export function generalItemFirst<L extends MeaningLine>(lines: L[], glosses: ChineseGlosses, technicalSense: boolean): L[] {
  if (technicalSense) return lines;
  return lines.map((line) => {
    const items = lineItems(line.text);
    if (items.length < 2 || !specialistItem(items[0]!, glosses)) return line;
    const general = items.findIndex((item) => !specialistItem(item, glosses));
    if (general < 0) return line;
    return { ...line, text: [items[general]!, ...items.filter((_, i) => i !== general)].join(', ') };
  });
}

/** Whether CC-CEDICT glosses an item as the word written as a name: 中国 "China", 三月 "March". */
function nameItem(item: string, glosses: ChineseGlosses, name: string): boolean {
  const english = itemForms(item)
    .map((f) => glosses.english(f))
    .find((g) => g !== null);
  return !!english && english.some((g) => g === name);
}

/**
 * ECDICT files a name and a word spelt alike under one headword ("China: n. 中国, 瓷器", "march: n.
 * 三月, 进行, 行军", "turkey: n. 火鸡, …, 土耳其"). For a word written in lower case the name's items
 * go after the word's own ("fine china" 瓷器, "the march on Washington" 进行).
 */
export function nameItemsLast<L extends MeaningLine>(lines: L[], glosses: ChineseGlosses, word: string): L[] {
  const name = word.charAt(0).toUpperCase() + word.slice(1);
  return lines.map((line) => {
    const items = lineItems(line.text);
    if (items.length < 2 || !nameItem(items[0]!, glosses, name)) return line;
    const names = items.filter((item) => nameItem(item, glosses, name));
    if (names.length === items.length) return line;
    return { ...line, text: [...items.filter((item) => !names.includes(item)), ...names].join(', ') };
  });
}

/**
 * The tapped word inside a compound the sentence holds ("a decline in interest rates" → interest
 * rate 利率): its first line's item that shares a word or a telling character with the compound's
 * Chinese goes first (利息, not 兴趣), so the word's meaning agrees with the phrase shown above it.
 */
export function phraseLedLines<L extends MeaningLine & { fits?: boolean }>(lines: L[], phraseMeanings: readonly MeaningLine[]): L[] {
  const first = lines[0];
  if (!first || first.fits === false || !first.pos) return lines;
  const said = phraseMeanings.flatMap((m) => lineItems(m.text));
  const items = lineItems(first.text);
  const agreement = items.map((item) => hanAgreement(itemForms(item)[0] ?? item, said));
  const best = Math.max(...agreement);
  const at = agreement.indexOf(best);
  if (best <= 0 || at <= 0 || agreement[0]! >= best) return lines;
  const text = [items[at]!, ...items.filter((_, i) => i !== at)].join(', ');
  return [{ ...first, text }, ...lines.slice(1)];
}

/**
 * Whether an item is a word jieba counts as rare: listed (an item it does not list is a description,
 * "全体人员", "有知觉"), seldom seen, and short (a longer one is an idiom or a phrase, "命中注定").
 */
function rareWord(item: string, frequency: ChineseFrequency): boolean {
  const count = frequency.count(item);
  return count > 0 && count < RARE_ITEM && (frequencyForms(item).at(-1) ?? '').length <= 3;
}

/** Whether an item is common in Chinese and CC-CEDICT glosses it as the word itself (监狱 "prison"). */
function plainTranslation(item: string, pos: string | null, forms: readonly string[], bridges: SenseBridges): boolean {
  if (bridges.frequency.count(item) < COMMON_ITEM) return false;
  const english = itemForms(item)
    .map((f) => bridges.glosses.english(f))
    .find((g) => g !== null);
  return !!english && glossedAs(english, new Set(forms.map((f) => f.toLowerCase())), /^v/.test(pos ?? ''));
}

/**
 * Whether CC-CEDICT gives a Chinese word as plainly one of these English words: a gloss, or a part of
 * one between semicolons, that is the word itself ("child", "to run", "pencil"), not a compound with
 * it ("to sound out", "class monitor") nor a specialist's sense ("bond (chemistry)").
 */
function glossedAs(english: string[], said: Set<string>, verb: boolean): boolean {
  return english.some(
    (gloss) =>
      !DOMAIN_GLOSS.test(gloss) &&
      gloss.split(/[;,]/).some((part) => {
        const plain = part
          .replace(/\([^)]*\)/g, '')
          .trim()
          .toLowerCase();
        // CC-CEDICT writes a verb "to …": 扯 "to tear" says no noun "tears".
        if (!verb && plain.startsWith('to ')) return false;
        return said.has(plain.replace(/^(to|a|an|the) /, ''));
      }),
  );
}

/**
 * Where the sentence's sense moved nothing, ECDICT's first item stands, and sometimes it is a rare,
 * narrow word ("kid: n. 小山羊, 小山羊肉, 小孩", "prison: n. 拘留所, 监狱", "function: n. 官能, 职务, 功能").
 * When a line's first item is a short word jieba counts as rare in Chinese and a later item is far
 * more common and is plainly a translation (CC-CEDICT glosses it as the word itself, or else as a
 * synonym in WordNet's likeliest sense: 小孩 "child") of a sense the sentence may mean, the common
 * item goes first. An item with a slot ("与...结婚") is a construction, not a rare word, and stays.
 */
export function commonItemFirst<L extends MeaningLine>(
  lines: L[],
  bridges: SenseBridges,
  word: { lemma: string; synonyms: readonly string[] },
  saysLikelySense: (item: string) => boolean,
  /** Whether a line still has ECDICT's order (the sentence's sense moved nothing in it). */
  unordered: (line: L) => boolean,
): L[] {
  const itself = new Set([word.lemma.toLowerCase()]);
  const synonyms = new Set(word.synonyms.map((w) => w.toLowerCase()));
  return lines.map((line) => {
    const items = lineItems(line.text);
    const first = items[0];
    if (!first || items.length < 2 || /\.\.\.|…/.test(first) || !unordered(line)) return line;
    if (!rareWord(first, bridges.frequency)) return line;
    const rare = bridges.frequency.count(first);
    const verb = /^v/.test(line.pos ?? '');
    const candidates = items
      .map((item, i) => ({ item, i, count: bridges.frequency.count(item) }))
      // A lone character is counted in every word it makes (系 in 关系): its count says nothing. Nor
      // is an item the rare one begins with its meaning: 庇护所 is a shelter, 庇护 the act of sheltering.
      .filter(
        ({ item, i, count }) =>
          i > 0 &&
          !/\.\.\.|…/.test(item) &&
          (itemForms(item)[0] ?? '').length >= 2 &&
          !first.startsWith(itemForms(item)[0] ?? item) &&
          count >= Math.max(COMMON_ITEM, rare * COMMON_RATIO),
      )
      .map((c) => {
        const english =
          itemForms(c.item)
            .map((f) => bridges.glosses.english(f))
            .find((g) => g !== null) ?? [];
        return { ...c, rank: glossedAs(english, itself, verb) ? 2 : glossedAs(english, synonyms, verb) ? 1 : 0 };
      })
      .filter((c) => c.rank > 0 && saysLikelySense(c.item))
      .sort((a, b) => b.rank - a.rank || b.count - a.count);
    const best = candidates[0];
    if (!best) return line;
    return { ...line, text: [best.item, ...items.filter((_, i) => i !== best.i)].join(', ') };
  });
}
