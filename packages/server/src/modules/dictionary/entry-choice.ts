import { lineItems } from './ecdict-clean.js';
import { isGeneralLine, meaningLines, uposOfLabel } from './context.js';
import type { Ecdict, EcdictEntry } from './ecdict.js';
import type { TokenInContext } from './lemmatizer.js';
import { hanAgreement } from './sense-order.js';
import { sentenceTopic, topicItems } from './topic.js';
import { corpusRank } from './word-bands.js';
import type { WordNet } from './wordnet.js';

/** WordNet's noun files of acts, events and processes (lexnames 04, 11, 22): what a gerund names. */
const ACT_FILES = new Set([4, 11, 22]);
/** A corpus rank past which a form's own entry is rare (easing 24,884; its verb ease 3,229). */
const RARE_RANK = 20_000;

type Line = { pos: string | null; text: string };

/** What the entry choice reads besides the dictionary: the sentence's tags where it needs them. */
export interface EntryChoiceSources {
  dict: Ecdict;
  wordnet: WordNet;
  /** Whether the tapped form stands before a noun in its sentence ("gaming tables"). */
  beforeNoun(word: string, sentence: string | undefined): boolean;
}

/** A tapped form, its lemma's entry and its reading in the sentence, as `dictionaryService#resolve` found them. */
export interface FormInSentence {
  query: string;
  lower: string;
  sentence: string | undefined;
  /** The sentence from the tapped token on, when the token was found (what follows this occurrence). */
  from?: string | undefined;
  context: TokenInContext | null;
  entry: EcdictEntry | null;
}

/** ECDICT's keys of an entry's inflected forms: past, past participle, -ing, third person, plural, comparative, superlative. */
const FORM_KINDS = ['p', 'd', 'i', '3', 's', 'r', 't'] as const;

/** The parts of speech each of ECDICT's form kinds is used as (its `exchange['1']`: "r" comparative…). */
const FORM_UPOS: Record<string, string[]> = {
  p: ['VERB'],
  d: ['VERB', 'ADJ'],
  i: ['VERB', 'NOUN', 'ADJ'],
  '3': ['VERB'],
  s: ['NOUN'],
  r: ['ADJ', 'ADV'],
  t: ['ADJ', 'ADV'],
};

/** A general line of verb meanings (vt., vi., v.). */
export const verbLine = (l: Line) => isGeneralLine(l) && uposOfLabel(l.pos).includes('VERB');

/**
 * "the chances are waning", "she stared", "was fined": wink-nlp's lemma may be another word (wan,
 * star, fin) whose form of that kind ECDICT spells otherwise (wanning, starred); the entry that lists
 * the form as that kind of form (wane, stare, fine) is its lemma, returned here (null: wink's stands).
 * An entry that lists no such form, or lists this one, keeps wink's reading ("cookies" stays cookie,
 * not ECDICT's cooky; "leaves" of a tree stays leaf); the lemma must be a word in use that is not the
 * form itself (not "goin", "bitten", ECDICT's spelling "eie"). The learner model counts an article's
 * words by the same rule (learner/article-words.ts).
 */
export function lemmaListing(dict: Ecdict, entry: EcdictEntry, form: string): EcdictEntry | null {
  const lower = form.toLowerCase();
  if (entry.word.toLowerCase() === lower || FORM_KINDS.some((k) => entry.exchange[k]?.toLowerCase() === lower)) return null;
  const lemma = dict.lemma(lower);
  if (!lemma || lemma === entry || lemma.word.toLowerCase() === lower || corpusRank(lemma) === null) return null;
  const kind = FORM_KINDS.find((k) => lemma.exchange[k]?.toLowerCase() === lower);
  if (!kind) return null;
  const spelt = entry.exchange[kind]?.toLowerCase();
  if (spelt) return spelt !== lower ? lemma : null;
  // wink's lemma lists no form of that kind: the entry that lists this one is meant when it is far the
  // commoner word ("the masses" are mass's, not masse's, a billiards shot).
  const rank = corpusRank(entry);
  return rank === null || corpusRank(lemma)! * RARER < rank ? lemma : null;
}

/** How many times rarer than the word listing a form wink's lemma must be to yield to it. */
const RARER = 10;

/**
 * Which entry a tapped form means in its sentence when it has one of its own besides its lemma's:
 * the rules that read a form as itself ("species", "sales", "shares" on a money page) and those
 * that read it as its verb ("restructuring", "spending", "easing"). Returns the entry and the
 * reading, changed only when a gerund is read as its verb's act.
 */
export function entryForForm(
  sources: EntryChoiceSources,
  form: FormInSentence,
): { entry: EcdictEntry | null; context: TokenInContext | null } {
  const { dict } = sources;
  const { query, lower, sentence } = form;
  let { entry, context } = form;
  const respelt = entry ? lemmaListing(dict, entry, lower) : null;
  if (respelt) {
    entry = respelt;
    if (context) context = { ...context, lemma: respelt.word.toLowerCase() };
  }
  // "the bond rose 23/32": a form pos-rules read as a verb before a price's move keeps the tagger's noun
  // lemma; when it is another verb's past form, that verb is meant (rise, not the rose's 使成玫瑰色).
  // Only there: "lay the cards", "saw the logs", "wound him" are verbs of their own.
  // ("net fell to $4.2 million": the figure may come after to or by.)
  const amount = `${lower}\\s+((to|by)\\s+)?[$£€¥]?\\d`;
  const beforeAmount =
    form.from !== undefined ? new RegExp(`^${amount}`, 'i').test(form.from) : !!sentence && new RegExp(`\\b${amount}`, 'i').test(sentence);
  const pastOf = context?.pos === 'VERB' && context.lemma === lower && beforeAmount ? dict.lemma(lower) : null;
  if (pastOf && pastOf !== entry && (pastOf.exchange.p?.toLowerCase() === lower || pastOf.exchange.d?.toLowerCase() === lower)) {
    entry = pastOf;
    context = { ...context!, lemma: pastOf.word.toLowerCase() };
  }
  // "species" is no plural of "specie" (硬币), "media" not only "medium": a tapped form with an entry
  // of its own that the corpora find more often than its lemma's is read as itself.
  const own = entry && entry.word.toLowerCase() !== lower ? dict.lookup(lower) : null;
  const ownRank = own ? corpusRank(own) : null;
  const lemmaRank = entry ? corpusRank(entry) : null;
  // ("Higher sales of pesticides": sales is only a. 销售的, so the noun is sale's 销售额.)
  const ownFits = (l: Line) => isGeneralLine(l) && (!context || uposOfLabel(l.pos).includes(context.pos));
  if (own && ownRank !== null && (lemmaRank === null || ownRank < lemmaRank) && meaningLines(own).some(ownFits)) entry = own;
  // "marketing costs": a noun in -ing is its own word (行销), not its stem's noun (市场), when its entry
  // has a general noun line; a stem that is only a verb keeps it ("Negotiating takes patience" is negotiate's).
  const nounLine = (l: Line) => isGeneralLine(l) && uposOfLabel(l.pos).includes('NOUN');
  if (
    own &&
    entry &&
    /ing$/.test(lower) &&
    context?.pos === 'NOUN' &&
    meaningLines(own).some(ownFits) &&
    meaningLines(entry).some(nounLine)
  )
    entry = own;
  // "Merck shares closed at $75.25": in a sentence on a topic, a form whose own entry names the
  // topic's meaning (shares: 股份) its lemma's lines lack (share: 部分, 参与…) is read as itself.
  const topic = sentenceTopic(sentence);
  if (own && entry && entry !== own && topic) {
    const lemmaItems = new Set(
      meaningLines(entry)
        .filter(ownFits)
        .flatMap((l) => topicItems(topic, l)),
    );
    if (meaningLines(own).some((l) => ownFits(l) && topicItems(topic, l).some((item) => !lemmaItems.has(item)))) entry = own;
  }
  // "slower economic growth": a form whose own entry is only a specialist's line ("slower": [计] 减慢)
  // and which ECDICT files as another word's form (slow's comparative) means that word, when the
  // sentence uses it as that kind of form ("sang" read as a noun is no past tense of sing).
  const base = entry && entry.word.toLowerCase() === lower && entry.exchange['0'] ? dict.lookup(entry.exchange['0']) : null;
  const kindFits = !context || [...(entry?.exchange['1'] ?? '')].some((k) => FORM_UPOS[k]?.includes(context!.pos));
  if (entry && base && base !== entry && kindFits && !meaningLines(entry).some(isGeneralLine) && meaningLines(base).some(isGeneralLine)) {
    entry = base;
    if (context) context = { ...context, lemma: base.word.toLowerCase() };
  }
  // A form in -ing or -ed whose own entry is only a specialist's line ("restructuring": [计] 重构的),
  // or only a noun where the sentence uses it as a verb ("after spending two years": 经费), means
  // what its verb does.
  if (
    entry &&
    /(ing|ed)$/.test(lower) &&
    (!meaningLines(entry).some(isGeneralLine) ||
      (context?.pos === 'VERB' && !meaningLines(entry).some(verbLine) && !sources.beforeNoun(query, sentence)))
  ) {
    const stem = lower.replace(/(ing|ed)$/, '');
    const verb = [dict.lemma(lower), dict.lookup(stem), dict.lookup(`${stem}e`), dict.lookup(stem.slice(0, -1))].find(
      (e) => e && e !== entry && meaningLines(e).some(verbLine),
    );
    if (verb) entry = verb;
  }
  // "significant easing by the Fed": a gerund whose own entry is a rare trade's word (吃势, 容位,
  // 松型: tailoring), far rarer than its verb and sharing none of its words, is the verb's act (放松).
  const verb = entry && /ing$/.test(lower) && context?.pos === 'NOUN' && entry.word.toLowerCase() === lower ? dict.lemma(lower) : null;
  if (entry && context && verb && verb !== entry && obscureForm(sources.wordnet, entry, verb)) {
    entry = verb;
    context = { ...context, pos: 'VERB', lemma: verb.word.toLowerCase() };
  }
  return { entry, context };
}

/** Whether a form's own entry is a rare specialist's next to its verb: untagged, rare and 5× rarer, no Chinese word in common. */
function obscureForm(wordnet: WordNet, own: EcdictEntry, verb: EcdictEntry): boolean {
  const ownRank = corpusRank(own);
  const verbRank = corpusRank(verb);
  if (own.tags.length || ownRank === null || verbRank === null || ownRank < Math.max(RARE_RANK, verbRank * 5)) return false;
  // Only a form that names the act ("the easing of rates"); a thing made or used keeps its entry
  // ("turkey stuffing" 填塞物, "nylon webbing" 带子): WordNet's first noun sense says which.
  const first = wordnet.senses(own.word.toLowerCase(), 'n')[0];
  if (first && !ACT_FILES.has(first.lexfile)) return false;
  if (!meaningLines(verb).some(verbLine)) return false;
  const verbItems = meaningLines(verb).flatMap((l) => lineItems(l.text));
  return !meaningLines(own).some((l) => lineItems(l.text).some((item) => hanAgreement(item, verbItems) >= 2));
}
