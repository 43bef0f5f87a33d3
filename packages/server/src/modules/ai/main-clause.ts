import { verbInSAfterName, type Ecdict, type TokenInContext } from '../dictionary/index.js';

/*
 * The main clause of one sentence from part-of-speech tags (wink-nlp) and rules, claiming only
 * what the rules are sure of. The predicate is the main clause's finite verb group: not an
 * infinitive ("To obtain…"), not a participle ("…a vessel crossing the ocean…"), not the verb of
 * a subordinate or relative clause ("…who lives next door…"). Where the sentence leaves a doubt
 * (a past form that may be a participle, a tag the tagger may have got wrong), nothing is
 * claimed. Measured on Penn Treebank press text and a written set (docs/ai.md).
 */

export interface Span {
  start: number;
  /** Exclusive. */
  end: number;
}

export interface MainClause {
  /** The finite verb group of the main clause (auxiliaries with the main verb), when sure. */
  predicate: Span | null;
  subject: Span | null;
  object: Span | null;
  /** Every finite verb group of the sentence (main or subordinate), for tense and voice. */
  finite: Span[];
}

const FINITE_AUX = new Set(
  "am is are was were has have had do does did will would shall should can could may might must 's 're 'm 've 'd 'll ca wo".split(' '),
);
const MODALS = new Set("will would shall should can could may might must 'll 'd ca wo".split(' '));
const BE_FORMS = new Set("am is are was were be been being 's 're 'm".split(' '));
/** Words that open a clause whose verb is not the sentence's main verb. */
const SUBORDINATORS = new Set(
  'who whom whose which that what when where while whereas although though because since unless if whether after before until till once as lest than wherever whenever whoever whatever why how'.split(
    ' ',
  ),
);
/** Verbs of reporting: "…, the company said." makes `said` the main verb (the report is its object). */
const REPORTING = new Set(
  'say add note tell report explain write argue ask state announce predict estimate insist warn claim suggest conclude acknowledge contend reply recall concede caution observe continue agree complain declare disclose assert maintain confirm think believe suspect'.split(
    ' ',
  ),
);
const PLURAL_PRONOUNS = new Set(['i', 'you', 'we', 'they']);
const HAVE_FORMS = new Set(['have', 'has', 'had', "'ve", 'having']);
/** Quantifiers that stand for a subject ("most said", "some think", "others say"). */
const QUANTIFIERS = new Set('most some many few others all both several none each'.split(' '));
const PLURAL_QUANTIFIERS = new Set('most some many few others all both several'.split(' '));
/** Words that open a clause or, before a noun phrase, are prepositions ("before the panel", "since 1984"). */
const PREPOSITION_TOO = new Set('before after since until till'.split(' '));
const SUBJECT_PRONOUNS = new Set('i he she we they it you'.split(' '));
/** Sentence-initial reporting verbs with the speaker after them: "Says Mr. Sale: …", "Adds the report, …". */
const INVERTED_REPORT = /^(Says|Said|Adds|Added|Notes|Noted|Asks|Asked|Explains|Recalls|Argues|Insists|Warns|Writes|Quips)$/;
const NOMINAL = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
const IN_NOUN_PHRASE = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM', 'PART']);

const lower = (t: TokenInContext) => t.text.toLowerCase();
const isVerbal = (t: TokenInContext) => t.pos === 'VERB' || t.pos === 'AUX';

/** A token the tagger calls a verb that is one: a verb in the dictionary, not a capitalised name mid-sentence ("Judge Curry"). */
function isVerbToken(tokens: TokenInContext[], i: number, dict: Ecdict): boolean {
  const t = tokens[i]!;
  if (t.pos === 'AUX') return true;
  if (t.pos !== 'VERB') return false;
  if (i > 0 && /^[A-Z]/.test(t.text)) return false;
  const entry = dict.lookup(t.lemma);
  return !!entry?.translation && /(^|\\n|\n)\s*v[ti]?\./.test(entry.translation);
}

/** The tokens with the first "Goldman Sachs estimates the market…" noun re-read as the verb, when the dictionary has it as one. */
function verbAfterName(tokens: TokenInContext[], dict: Ecdict): TokenInContext[] {
  const firstVerb = tokens.findIndex(isVerbal);
  const at = tokens.findIndex((_, i) => (firstVerb < 0 || i < firstVerb) && verbInSAfterName(tokens, i));
  if (at < 0) return tokens;
  const reread = tokens.map((x, j) => (j === at ? { ...x, pos: 'VERB' } : x));
  return isVerbToken(reread, at, dict) ? reread : tokens;
}

/**
 * Is the verb group starting at `i` finite, and how sure is that: 'yes'; 'maybe' (a past form that
 * may be a participle: "the bills sold at auction rose"); 'no' (an infinitive, a participle).
 */
function finiteness(tokens: TokenInContext[], i: number, dict: Ecdict): 'yes' | 'maybe' | 'no' {
  const t = tokens[i]!;
  const word = lower(t);
  let p = i - 1;
  while (p >= 0 && tokens[p]!.pos === 'ADV') p--;
  const prev = p >= 0 ? tokens[p]! : null;
  if (prev && lower(prev) === 'to') return 'no';
  if (t.pos === 'AUX') return FINITE_AUX.has(word) ? 'yes' : 'no';
  if (word.endsWith('ing')) return 'no';
  const forms = dict.lookup(t.lemma)?.exchange ?? {};
  const form = (k: string) => forms[k]?.toLowerCase();
  // A subject's last word: a noun or pronoun, a quantifier standing for one ("most said", "some
  // think"), a possessive name ("Moody's said").
  const afterSubject =
    prev !== null &&
    (NOMINAL.has(prev.pos) ||
      SUBORDINATORS.has(lower(prev)) ||
      prev.text === '%' ||
      QUANTIFIERS.has(lower(prev)) ||
      (prev.pos === 'PART' && /^['’]s$/i.test(prev.text)));
  // A noun the tagger read as a verb: after a determiner or adjective ("the act"), or before "of" ("uses of").
  if (prev && (prev.pos === 'DET' || prev.pos === 'ADJ') && p === i - 1 && !QUANTIFIERS.has(lower(prev))) return 'no';
  if (tokens[i + 1] && lower(tokens[i + 1]!) === 'of') return 'no';
  if (word === t.lemma && form('p') === word) return afterSubject ? 'maybe' : 'no';
  if (word === t.lemma) {
    // A present-tense base form agrees with a plural subject or I/you/we/they: "U.S. watch imports" has none.
    const plural =
      prev !== null &&
      (PLURAL_PRONOUNS.has(lower(prev)) ||
        PLURAL_QUANTIFIERS.has(lower(prev)) ||
        (['NOUN', 'PROPN'].includes(prev.pos) && /[^s']s$/i.test(prev.text) && prev.text.length > 3) ||
        coordinatedNames(tokens, p));
    return plural || (prev !== null && ['who', 'which', 'that'].includes(lower(prev))) ? 'yes' : 'no';
  }
  // After a comma: "Peter Powers, the chairman, says…" (the subject before an apposition) or "…, says Mr. Lee".
  const afterComma = prev !== null && prev.text === ',';
  if (form('3') === word) return (afterSubject && !PLURAL_PRONOUNS.has(lower(prev!))) || afterComma ? 'yes' : 'no';
  const past = form('p') === word;
  // A spelling ECDICT does not list ("apologised"): an -ed form is past or participle.
  const participle = form('d') === word || (!past && /(ed|en)$/.test(word));
  if (!forms.p && !forms.d && /ed$/.test(word)) return afterSubject ? 'maybe' : 'no';
  if (past && !participle) return afterSubject || afterComma ? 'yes' : 'no';
  if (participle && !past) return 'no';
  return afterSubject || (prev !== null && prev.text === ',') ? 'maybe' : 'no';
}

/** "Messrs. Brownell and Kean", "Texaco and Pennzoil": names joined by "and" right before `end` (inclusive) make a plural subject. */
function coordinatedNames(tokens: TokenInContext[], end: number): boolean {
  let k = end;
  let joined = false;
  // A name the tagger read as a common noun is still capitalised ("Ms. Park").
  const name = (t: TokenInContext) => t.pos === 'PROPN' || (t.pos === 'NOUN' && /^[A-Z]/.test(t.text));
  while (k >= 0 && (name(tokens[k]!) || (lower(tokens[k]!) === 'and' && k < end))) {
    if (lower(tokens[k]!) === 'and') joined = true;
    k--;
  }
  return joined && name(tokens[end]!) && (k < 0 || tokens[k]!.pos === 'PUNCT' || lower(tokens[k]!) === 'both');
}

/** Can `verb` follow `aux` in one verb group: a participle after be/have, a base form after a modal, do or to. */
function follows(aux: TokenInContext, verb: TokenInContext, dict: Ecdict): boolean {
  const a = lower(aux);
  const w = lower(verb);
  const forms = dict.lookup(verb.lemma)?.exchange ?? {};
  const ing = w.endsWith('ing');
  const participle = forms.d?.toLowerCase() === w || (w !== verb.lemma && /ed$/.test(w));
  if (BE_FORMS.has(a)) return ing || participle;
  if (HAVE_FORMS.has(a)) return participle || w === 'been';
  return w === verb.lemma || w === 'be' || w === 'have';
}

/** The verb group from `i`: auxiliaries, adverbs and `not` between them, up to the main verb. */
function groupAt(tokens: TokenInContext[], i: number, dict: Ecdict): Span {
  let end = i + 1;
  while (end < tokens.length && tokens[end - 1]!.pos === 'AUX') {
    // Adverbs and "not" inside the group only when a verb follows them.
    let k = end;
    // "have since tightened": "since" between have and its participle is an adverb.
    const adverb = (t: TokenInContext) =>
      ((t.pos === 'ADV' || t.pos === 'PART') && lower(t) !== 'to') || (lower(t) === 'since' && HAVE_FORMS.has(lower(tokens[end - 1]!)));
    while (k < tokens.length && adverb(tokens[k]!)) k++;
    const next = tokens[k];
    // The tagger sometimes reads a participle as an adjective or noun ("are booming"): its form decides.
    if (!next || !/^[a-z]/.test(next.text) || !follows(tokens[end - 1]!, next, dict)) break;
    if (!isVerbal(next) && !(dict.lookup(next.lemma)?.translation ?? '').match(/(^|\\n)\s*v[ti]?\./)) break;
    end = k + 1;
  }
  return { start: i, end };
}

/** The noun phrase ending just before `end` (exclusive), with "of …" attached to its head: "the president of the company". */
function nounPhraseBefore(tokens: TokenInContext[], end: number): Span | null {
  let start = end;
  // "the agency's 240-page report": a hyphen between two words of the phrase stays in it.
  const inPhrase = (k: number) =>
    IN_NOUN_PHRASE.has(tokens[k]!.pos) || (tokens[k]!.text === '-' && k > 0 && k + 1 < end && IN_NOUN_PHRASE.has(tokens[k - 1]!.pos));
  while (start > 0 && inPhrase(start - 1)) {
    start--;
    // A determiner opens the phrase.
    if (tokens[start]!.pos === 'DET' && !(start > 0 && tokens[start - 1]!.pos === 'PART')) break;
  }
  if (start === end || !tokens.slice(start, end).some((t) => NOMINAL.has(t.pos))) return null;
  // "the president of the company", "a spokesman for the ministry": the head noun comes first.
  if (start >= 2 && tokens[start - 1]!.pos === 'ADP') {
    const head = nounPhraseBefore(tokens, start - 1);
    if (head) return { start: head.start, end };
  }
  return { start, end };
}

/** The noun phrase starting at `start`, when it is a whole object: followed by no verb (not the subject of a clause). */
function objectAt(tokens: TokenInContext[], start: number): Span | null {
  let end = start;
  while (end < tokens.length && IN_NOUN_PHRASE.has(tokens[end]!.pos)) end++;
  if (end === start || !NOMINAL.has(tokens[end - 1]!.pos)) return null;
  const next = tokens[end];
  if (next && (isVerbal(next) || lower(next) === 'that')) return null;
  return { start, end };
}

/** The main clause of one sentence's tokens (punctuation included). */
export function mainClause(tagged: TokenInContext[], dict: Ecdict): MainClause {
  const tokens = verbAfterName(tagged, dict);
  const finite: Span[] = [];
  const candidates: { group: Span; sure: 'yes' | 'maybe'; subordinate: boolean; coordinated: boolean }[] = [];
  // A subordinator makes the next finite group its own. A sentence that opens with one ("When…,",
  // "Although…,") keeps everything up to the first comma subordinate.
  let pending = 0;
  // "And though…,", "But when…,": a sentence may open with a conjunction before its opening clause.
  const lead = tokens.length > 1 && tokens[0]!.pos === 'CCONJ' ? 1 : 0;
  const head = tokens[lead] ? lower(tokens[lead]) : '';
  // A sentence that opens with a subordinate clause or a prepositional phrase ("When…,", "By 1997,",
  // "Despite…,") has no main verb before the first comma.
  const opening =
    tokens[lead] !== undefined &&
    ((SUBORDINATORS.has(head) && head !== 'that') || tokens[lead].pos === 'ADP' || tokens[lead].pos === 'SCONJ');
  const firstComma = tokens.findIndex((t) => t.text === ',');
  let depth = 0;
  let dashes = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const word = lower(t);
    // Asides in brackets or between dashes are not the main clause.
    if (t.text === '(') depth++;
    else if (t.text === ')') depth = Math.max(0, depth - 1);
    else if (t.text === '--' || t.text === '—') dashes = 1 - dashes;
    if (i === lead && opening) continue;
    // "than" opens a clause after a comparative ("stronger than suppliers can handle"), not in "more than three".
    const than = word === 'than' && !(i > 0 && ['more', 'less', 'fewer', 'rather', 'other'].includes(lower(tokens[i - 1]!)));
    const next = tokens[i + 1];
    const preposition =
      (next !== undefined && lower(next) === 'of') ||
      (PREPOSITION_TOO.has(word) &&
        next !== undefined &&
        (['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN'].includes(next.pos) || (next.pos === 'PRON' && !SUBJECT_PRONOUNS.has(lower(next)))));
    // "Given that choice, …": "that" before a noun and a comma is a determiner.
    const thatDeterminer = word === 'that' && (t.pos === 'DET' || (next?.pos === 'NOUN' && tokens[i + 2]?.text === ','));
    if (
      (SUBORDINATORS.has(word) &&
        word !== 'than' &&
        !preposition &&
        !thatDeterminer &&
        !(word === 'as' && t.pos === 'ADP' && lower(tokens[i - 1] ?? t) !== 'just')) ||
      than
    ) {
      pending++;
      continue;
    }
    if (!isVerbal(t) || !isVerbToken(tokens, i, dict)) continue;
    const sure = finiteness(tokens, i, dict);
    const group = groupAt(tokens, i, dict);
    i = group.end - 1;
    if (sure === 'no') continue;
    finite.push(group);
    let p = group.start - 1;
    while (p >= 0 && tokens[p]!.pos === 'ADV') p--;
    const inOpening = opening && (firstComma < 0 || group.start < firstComma);
    // "the law he tried to pass": a pronoun subject right after a noun opens a clause without "that".
    const contact = p >= 1 && tokens[p]!.pos === 'PRON' && ['NOUN', 'PROPN'].includes(tokens[p - 1]!.pos);
    const aside = depth > 0 || dashes > 0 || parenthetical(tokens, group);
    candidates.push({
      group,
      sure,
      subordinate: pending > 0 || inOpening || contact || aside,
      coordinated: p >= 0 && tokens[p]!.pos === 'CCONJ',
    });
    if (pending > 0) pending--;
  }
  const none: MainClause = { predicate: null, subject: null, object: null, finite };

  // "Says Mr. Sale: “I think…”", "Adds Takeshi Kondo, senior vice president…: “We…”": the speaker after the verb.
  if (tokens[0] && INVERTED_REPORT.test(tokens[0].text) && ['DET', 'PROPN', 'ADJ', 'NOUN'].includes(tokens[1]?.pos ?? ''))
    return { predicate: { start: 0, end: 1 }, subject: null, object: null, finite };

  // 'Mr. Bretz said, “It does…”': the reporting verb before the quotation is the main verb.
  const quoting = candidates.find(
    (c) =>
      !c.subordinate &&
      REPORTING.has(tokens[c.group.end - 1]!.lemma) &&
      /^[,:]$/.test(tokens[c.group.end]?.text ?? '') &&
      /^[“"]$/.test(tokens[c.group.end + 1]?.text ?? ''),
  );
  if (quoting && candidates.filter((c) => !c.subordinate).indexOf(quoting) === 0)
    return { predicate: quoting.group, subject: subjectOf(tokens, quoting.group, candidates.indexOf(quoting) === 0), object: null, finite };
  // "…, says Robert Hormats, vice chairman of…": a reporting verb with its speaker after it, no clause after that.
  for (let r = 1; r < tokens.length - 1; r++) {
    const v = tokens[r]!;
    if (!/^(says|said|adds|added|notes|noted|argues|argued|recalls|recalled|explains|explained|contends|contended)$/.test(v.text)) continue;
    if (!isBreak(tokens[r - 1]!) || !['PROPN', 'DET', 'ADJ', 'NOUN'].includes(tokens[r + 1]!.pos)) continue;
    // A relative clause may follow the speaker ("said Richard Barfield, …, which manages…"); a clause of its own may not.
    if (candidates.some((c) => c.group.start > r && !c.subordinate)) continue;
    return { predicate: { start: r, end: r + 1 }, subject: null, object: null, finite };
  }
  // "…, the company said." / "…, said Mr. Lee.": the reporting verb at the end is the main verb.
  const reported = reportingClause(tokens);
  if (reported) return { predicate: reported.verb, subject: reported.subject, object: null, finite };
  // A sentence that opens with a quotation and has no reporting clause at its end: the report may be anywhere.
  if (/^[“"‘']/.test(tokens[0]?.text ?? '')) return none;

  const main = candidates.filter((c) => !c.subordinate);
  if (main.length === 0) return none;
  const first = main[0]!;
  const verb = tokens[first.group.end - 1]!;
  // ", and she had…" with nothing claimed before it: the first conjunct's verb was missed, this is not the main one.
  if (tokens.slice(0, first.group.start).some((t, k) => t.pos === 'CCONJ' && k > 0 && tokens[k - 1]!.text === ',')) return none;
  if (first.sure === 'maybe') {
    // "X said the rates would rise": a verb of saying or thinking takes the clause after it.
    const reports = REPORTING.has(verb.lemma) || ['expect', 'show', 'find', 'feel', 'know', 'hope', 'fear', 'mean'].includes(verb.lemma);
    // "The bills sold at auction rose": a later finite group of its own makes the past form a participle, maybe.
    const rival = main.some((c) => c !== first && !c.coordinated);
    if (rival && !reports) return none;
    // With no subject at the start of the clause, the past form may be a participle after a noun
    // ("a report issued…"); a reporting verb may follow its subject's aside ("Mr. Samnick, who…, said").
    if (!subjectOf(tokens, first.group, true) && !(reports && subjectBeforeAside(tokens, first.group))) return none;
  }
  // A modal or "do" with no verb after it is a tagger's slip ("could clear" with clear read as an adjective).
  if (verb.pos === 'AUX' && (MODALS.has(lower(verb)) || ['do', 'does', 'did'].includes(lower(verb)))) return none;
  const predicate = joinedVerb(tokens, first.group, dict);
  const last = tokens[predicate.end - 1]!;
  const subject = subjectOf(tokens, predicate, true);
  const object = BE_FORMS.has(lower(last)) || last.pos === 'AUX' ? null : objectAt(tokens, predicate.end);
  return { predicate, subject, object, finite };
}

/**
 * "owns and operates stations", "sought and received help", "had bought and sold": two verbs of the
 * same form joined by "and" before one object are one predicate. Forms compared by the word's
 * ending in the dictionary's inflections: third person, past, participle or base alike.
 */
function joinedVerb(tokens: TokenInContext[], group: Span, dict: Ecdict): Span {
  const verb = tokens[group.end - 1]!;
  const and = tokens[group.end];
  const other = tokens[group.end + 1];
  if (!and || lower(and) !== 'and' || !other || other.pos !== 'VERB' || verb.pos !== 'VERB') return group;
  const after = tokens[group.end + 2];
  if (after && (isVerbal(after) || after.pos === 'ADP' || after.pos === 'PUNCT')) return group;
  // Which inflection a verb is, reading a regular verb's past and participle (one spelling) alike.
  const formOf = (t: TokenInContext): 'base' | 'third' | 'past' | null => {
    const forms = dict.lookup(t.lemma)?.exchange ?? {};
    const w = lower(t);
    if (w === t.lemma) return 'base';
    if (forms['3']?.toLowerCase() === w) return 'third';
    return forms.p?.toLowerCase() === w || forms.d?.toLowerCase() === w ? 'past' : null;
  };
  const a = formOf(verb);
  return a !== null && a === formOf(other) ? { start: group.start, end: group.end + 2 } : group;
}

/** The subject: the noun phrase right before the predicate, when nothing between could be a clause of its own. */
function subjectOf(tokens: TokenInContext[], predicate: Span, firstGroup: boolean): Span | null {
  if (!firstGroup) return null;
  let end = predicate.start;
  // "The volcano last erupted": an adverb between subject and verb.
  while (end > 0 && tokens[end - 1]!.pos === 'ADV') end--;
  const np = nounPhraseBefore(tokens, end);
  if (!np) return null;
  const before = tokens[np.start - 1];
  // At the start, or after the comma that closes a fronted phrase ("To obtain samples, scientists rely…").
  if (!before || before.pos === 'PUNCT') return np;
  return null;
}

/** "Mr. Samnick, who will go before the panel, said": the noun phrase that opens the sentence, before a comma-closed aside ending right before the verb. */
function subjectBeforeAside(tokens: TokenInContext[], group: Span): Span | null {
  if (tokens[group.start - 1]?.text !== ',') return null;
  const open = tokens.findIndex((t) => t.text === ',');
  if (open <= 0 || open >= group.start - 2) return null;
  const np = tokens.slice(0, open);
  return np.every((t) => IN_NOUN_PHRASE.has(t.pos)) && np.some((t) => NOMINAL.has(t.pos)) ? { start: 0, end: open } : null;
}

function reportingClause(tokens: TokenInContext[]): { verb: Span; subject: Span | null } | null {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1]!.pos === 'PUNCT') end--;
  // A short time or manner phrase after the verb: "said yesterday", "said in an interview"; a
  // longer one only of prepositions and noun phrases ("said after the Oct. 13 stock plunge in New York").
  for (let tail = 0; tail <= 10; tail++) {
    const v = end - 1 - tail;
    if (v < 2) break;
    const verb = tokens[v]!;
    if (verb.pos !== 'VERB' || !REPORTING.has(verb.lemma) || lower(verb).endsWith('ing')) continue;
    if (tail > 4 && !tokens.slice(v + 1, end).every((t) => IN_NOUN_PHRASE.has(t.pos) || t.pos === 'ADP')) continue;
    if (tail > 0 && !['ADV', 'ADP', 'NOUN', 'DET', 'ADJ', 'NUM', 'PROPN'].includes(tokens[v + 1]!.pos)) continue;
    if (
      tail > 0 &&
      tokens[v + 1]!.pos !== 'ADV' &&
      tokens[v + 1]!.pos !== 'ADP' &&
      !/^(yesterday|today|tonight|recently)$/i.test(tokens[v + 1]!.text)
    )
      continue;
    // Verb group: "has said", "would say".
    let start = v;
    while (start > 0 && tokens[start - 1]!.pos === 'AUX') start--;
    let np = nounPhraseBefore(tokens, start);
    // "some educators and researchers say": two noun phrases joined by "and".
    if (np && np.start > 1 && lower(tokens[np.start - 1]!) === 'and') {
      const first = nounPhraseBefore(tokens, np.start - 1);
      if (first) np = { start: first.start, end: np.end };
    }
    if (np && np.end - np.start <= 10 && np.start > 0 && isBreak(tokens[np.start - 1]!))
      return { verb: { start, end: v + 1 }, subject: np };
    // Inverted: "…, said Mr. Lee."
    if (isBreak(tokens[v - 1]!) && tail === 0) return { verb: { start: v, end: v + 1 }, subject: null };
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
function parenthetical(tokens: TokenInContext[], group: Span): boolean {
  const verb = tokens[group.end - 1]!;
  if (!REPORTING.has(verb.lemma)) return false;
  const after = tokens[group.end];
  if (!after || after.text !== ',') return false;
  // ', Mr. Bretz said, “It does…”': the verb that frames a quotation is not an aside.
  if (/^[“"]$/.test(tokens[group.end + 1]?.text ?? '')) return false;
  let k = group.start - 1;
  while (k >= 0 && k >= group.start - 6 && tokens[k]!.text !== ',') k--;
  // ", said Brenda Negus, editor…," (inverted) or ", Mr. Maxwell said,".
  return k >= 0 && tokens[k]!.text === ',';
}

const isBreak = (t: TokenInContext) => t.pos === 'PUNCT' && /^[,”"’']+$/.test(t.text);

/**
 * A model's explanation of a sentence, keeping only the lines whose quoted English occurs in the
 * sentence: a line that quotes a subject or verb the sentence does not hold is dropped, not shown.
 */
export function keepQuotedIn(explanation: string, sentence: string): string {
  const norm = (x: string) => x.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  const haystack = norm(sentence);
  return explanation
    .split('\n')
    .filter((line) => {
      for (const m of line.matchAll(/[“"「『‘']([^”"」』’']*[A-Za-z][^”"」』’']*)[”"」』’']/g))
        if (!haystack.includes(norm(m[1]!))) return false;
      return true;
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
