import type { Ecdict, TokenInContext } from '../dictionary/index.js';
import { BE_FORMS, IN_NOUN_PHRASE, isBreak, lower, NOMINAL, nounPhraseBefore, type Span } from './clause-tokens.js';

/*
 * Reporting clauses in press text: "…, the company said.", "…, says Robert Hormats, vice chairman
 * of…", "The other side, he argues, “knows…". Where one frames the sentence its verb is the main
 * verb (the report is its object); where it is an aside between commas the main clause is around it.
 */

/** Verbs of reporting: "…, the company said." makes `said` the main verb (the report is its object). */
export const REPORTING = new Set(
  'say add note tell report explain write argue ask state announce predict estimate insist warn claim suggest conclude acknowledge contend reply recall concede caution observe continue agree complain declare disclose assert maintain confirm think believe suspect'.split(
    ' ',
  ),
);
/** Sentence-initial reporting verbs with the speaker after them: "Says Mr. Sale: …", "Adds the report, …". */
const INVERTED_REPORT = /^(Says|Said|Adds|Added|Notes|Noted|Asks|Asked|Explains|Recalls|Argues|Insists|Warns|Writes|Quips)$/;

/** "Says Mr. Sale: “I think…”", "Adds Takeshi Kondo, senior vice president…: “We…”": the speaker after the verb. */
export function opensWithReport(tokens: TokenInContext[]): boolean {
  return !!tokens[0] && INVERTED_REPORT.test(tokens[0].text) && ['DET', 'PROPN', 'ADJ', 'NOUN'].includes(tokens[1]?.pos ?? '');
}

/**
 * "…, says Robert Hormats, vice chairman of…": a reporting verb with its speaker after it and no
 * clause of its own after that (`clauseAfter`): the verb's index, or -1.
 */
export function speakerAfter(tokens: TokenInContext[], dict: Ecdict, clauseAfter: (r: number) => boolean): number {
  for (let r = 1; r < tokens.length - 1; r++) {
    if (!reportingForm(tokens[r]!, dict) || !isBreak(tokens[r - 1]!)) continue;
    // The speaker: a name or "the …", or a title before a name ("says chief economist John Lipsky").
    const speaker = tokens.slice(r + 1, r + 5);
    if (
      !['PROPN', 'DET'].includes(speaker[0]!.pos) &&
      !(['ADJ', 'NOUN'].includes(speaker[0]!.pos) && speaker.some((t) => t.pos === 'PROPN'))
    )
      continue;
    // A relative clause may follow the speaker ("said Richard Barfield, …, which manages…"); a clause of its own may not.
    if (clauseAfter(r)) continue;
    return r;
  }
  return -1;
}

/** "…, the company said." / "…, said Mr. Lee.": the reporting verb at the end is the main verb. */
export function reportingClause(tokens: TokenInContext[]): { verb: Span; subject: Span | null } | null {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1]!.pos === 'PUNCT') end--;
  // A short time or manner phrase after the verb: "said yesterday", "said in an interview"; a
  // longer one only of prepositions and noun phrases ("said after the Oct. 13 stock plunge in New York").
  for (let tail = 0; tail <= 10; tail++) {
    const v = end - 1 - tail;
    if (v < 2) break;
    const verb = tokens[v]!;
    // "-ing" only after a form of "be" ("some Democrats are warning"): ", adding that…" is a participle.
    if (verb.pos !== 'VERB' || !REPORTING.has(verb.lemma) || (lower(verb).endsWith('ing') && !BE_FORMS.has(lower(tokens[v - 1]!))))
      continue;
    if (tail > 4 && !tokens.slice(v + 1, end).every((t) => IN_NOUN_PHRASE.has(t.pos) || t.pos === 'ADP')) continue;
    if (tail > 0 && !['ADV', 'ADP', 'NOUN', 'DET', 'ADJ', 'NUM', 'PROPN'].includes(tokens[v + 1]!.pos)) continue;
    if (
      tail > 0 &&
      tokens[v + 1]!.pos !== 'ADV' &&
      tokens[v + 1]!.pos !== 'ADP' &&
      !/^(yesterday|today|tonight|recently|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i.test(tokens[v + 1]!.text)
    )
      continue;
    // Verb group: "has said", "would say".
    let start = v;
    while (start > 0 && tokens[start - 1]!.pos === 'AUX') start--;
    let np = nounPhraseBefore(tokens, start);
    // "some educators and researchers say": two noun phrases joined by "and".
    // "some Democrats in Congress say": a noun phrase with a prepositional phrase after its head.
    if (np && np.start > 1 && (lower(tokens[np.start - 1]!) === 'and' || /^(in|at|on|from|for|with)$/.test(lower(tokens[np.start - 1]!)))) {
      const first = nounPhraseBefore(tokens, np.start - 1);
      if (first) np = { start: first.start, end: np.end };
    }
    if (np && np.end - np.start <= 10 && np.start > 0 && isBreak(tokens[np.start - 1]!))
      return { verb: { start, end: v + 1 }, subject: np };
  }
  // Inverted with the speaker after: ", said Mr. Lee, the firm's chairman."
  for (let v = end - 2; v >= 1 && v >= end - 10; v--) {
    const verb = tokens[v]!;
    if (
      verb.pos === 'VERB' &&
      REPORTING.has(verb.lemma) &&
      isBreak(tokens[v - 1]!) &&
      /^(said|says|added|adds|noted|notes|reports|reported|writes|wrote|warns|warned|argues|argued|explains|explained)$/i.test(verb.text)
    ) {
      const rest = tokens.slice(v + 1, end);
      if (rest.length > 0 && rest.every((t) => IN_NOUN_PHRASE.has(t.pos) || t.pos === 'PUNCT' || t.pos === 'ADP'))
        return { verb: { start: v, end: v + 1 }, subject: null };
    }
  }
  return null;
}

/** ", Mr. Lee said," or ", he argues,": a reporting verb between commas is an aside, the main clause is around it. */
export function parenthetical(tokens: TokenInContext[], group: Span): boolean {
  const verb = tokens[group.end - 1]!;
  if (!REPORTING.has(verb.lemma)) return false;
  if (openingAside(tokens, group)) return true;
  const after = tokens[group.end];
  if (!after || after.text !== ',') return false;
  let k = group.start - 1;
  while (k >= 0 && k >= group.start - 6 && tokens[k]!.text !== ',') k--;
  // ", said Brenda Negus, editor…," (inverted) or ", Mr. Maxwell said,".
  if (k < 0 || tokens[k]!.text !== ',') return false;
  // ', Mr. Bretz said, “It does…”': the verb that frames a quotation is not an aside, unless what
  // opens the sentence is a bare noun phrase the quotation goes on from ("The other side, he
  // argues, “knows…").
  if (!/^[“"]$/.test(tokens[group.end + 1]?.text ?? '')) return true;
  const opening = tokens.slice(0, k).filter((t) => t.pos !== 'PUNCT');
  return (
    opening.length > 0 && opening.every((t) => IN_NOUN_PHRASE.has(t.pos) || t.pos === 'SYM') && opening.some((t) => NOMINAL.has(t.pos))
  );
}

/**
 * "And, says Mr. Dinkins, he didn't know…", "But, says the general manager of…, “I think…":
 * an inverted report between commas after nothing but a conjunction or an adverb opens the
 * sentence as an aside; the clause after it is the main one.
 */
function openingAside(tokens: TokenInContext[], group: Span): boolean {
  const comma = group.start - 1;
  if (tokens[comma]?.text !== ',' || !tokens.slice(0, comma).every((t) => t.pos === 'CCONJ' || t.pos === 'ADV')) return false;
  let k = group.end;
  while (k < tokens.length && k < group.end + 12 && (IN_NOUN_PHRASE.has(tokens[k]!.pos) || tokens[k]!.pos === 'ADP')) k++;
  const speaker = tokens.slice(group.end, k);
  return tokens[k]?.text === ',' && speaker.some((t) => t.pos === 'PROPN' || t.pos === 'NOUN') && k + 2 < tokens.length;
}

/**
 * A reporting verb in the present's -s or the past ("says", "complains", "cautioned", "reports"),
 * whatever the tagger read: after a comma and before its speaker ("…, reports Venture Economics
 * Inc.") a tagger often takes the -s form for a plural noun.
 */
function reportingForm(t: TokenInContext, dict: Ecdict): boolean {
  const w = lower(t);
  const entry = dict.lemma(w);
  if (!entry || !REPORTING.has(entry.word.toLowerCase())) return false;
  return entry.exchange['3']?.toLowerCase() === w || entry.exchange.p?.toLowerCase() === w;
}
