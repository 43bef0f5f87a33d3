import { verbInSAfterName, type Ecdict, type TokenInContext } from '../dictionary/index.js';
import { BE_FORMS, IN_NOUN_PHRASE, isVerbal, lower, NOMINAL, nounPhraseBefore, pluralNoun, SUBORDINATORS, type Span } from './clause-tokens.js';
import { takesObject, verbAfterParticiple } from './participle-clause.js';
import { opensWithReport, parenthetical, REPORTING, reportingClause, speakerAfter } from './reporting-clause.js';

export type { Span } from './clause-tokens.js';

/*
 * The main clause of one sentence from part-of-speech tags (wink-nlp) and rules, claiming only
 * what the rules are sure of. The predicate is the main clause's finite verb group: not an
 * infinitive ("To obtain…"), not a participle ("…a vessel crossing the ocean…"), not the verb of
 * a subordinate or relative clause ("…who lives next door…"). Where the sentence leaves a doubt
 * (a past form that may be a participle, a tag the tagger may have got wrong), nothing is
 * claimed. Measured on Penn Treebank press text and a written set (docs/ai.md).
 */

export interface MainClause {
  /** The finite verb group of the main clause (auxiliaries with the main verb), when sure. */
  predicate: Span | null;
  subject: Span | null;
  object: Span | null;
  /** Every finite verb group of the sentence (main or subordinate), for tense and voice. */
  finite: Span[];
}

const FINITE_AUX = new Set(
  "am is are was were has have had do does did will would shall should can could may might must 's 're 'm 've 'd 'll ca wo ought".split(' '),
);
const MODALS = new Set("will would shall should can could may might must 'll 'd ca wo".split(' '));
const PLURAL_PRONOUNS = new Set(['i', 'you', 'we', 'they']);
const HAVE_FORMS = new Set(['have', 'has', 'had', "'ve", 'having']);
/** Quantifiers that stand for a subject ("most said", "some think", "others say"). */
const QUANTIFIERS = new Set('most some many few others all both several none each'.split(' '));
const PLURAL_QUANTIFIERS = new Set('most some many few others all both several'.split(' '));
/** Words that open a clause or, before a noun phrase, are prepositions ("before the panel", "since 1984"). */
const PREPOSITION_TOO = new Set('before after since until till'.split(' '));
const SUBJECT_PRONOUNS = new Set('i he she we they it you'.split(' '));

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
  const at = tokens.findIndex(
    (_, i) => (firstVerb < 0 || i < firstVerb) && (verbInSAfterName(tokens, i) || verbInSAfterPronoun(tokens, i, dict)),
  );
  if (at < 0) return tokens;
  const reread = tokens.map((x, j) => (j === at ? { ...x, pos: 'VERB' } : x));
  return isVerbToken(reread, at, dict) ? reread : tokens;
}

/**
 * "It employs 2,700 people": a word in -s the tagger read as a noun right after the sentence's
 * opening he/she/it, before what can begin an object, is the verb's third person.
 */
function verbInSAfterPronoun(tokens: TokenInContext[], i: number, dict: Ecdict): boolean {
  const t = tokens[i]!;
  if (i !== 1 || t.pos !== 'NOUN' || !/^(he|she|it)$/i.test(tokens[0]!.text)) return false;
  if (!['DET', 'NUM', 'PROPN', 'NOUN', 'ADJ'].includes(tokens[i + 1]?.pos ?? '')) return false;
  return dict.lookup(t.lemma)?.exchange['3']?.toLowerCase() === lower(t);
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
  // "People close to the company said": the adjective, whatever the tagger read.
  if (word === 'close' && tokens[i + 1] && lower(tokens[i + 1]!) === 'to') return 'no';
  if (word === t.lemma) {
    // A present-tense base form agrees with a plural subject or I/you/we/they: "U.S. watch imports" has none.
    const plural =
      prev !== null &&
      (PLURAL_PRONOUNS.has(lower(prev)) ||
        PLURAL_QUANTIFIERS.has(lower(prev)) ||
        (['NOUN', 'PROPN'].includes(prev.pos) && /[^s']s$/i.test(prev.text) && prev.text.length > 3) ||
        (prev.pos === 'NOUN' && pluralNoun(prev, dict)) ||
        coordinatedNames(tokens, p));
    return plural || (prev !== null && ['who', 'which', 'that'].includes(lower(prev))) ? 'yes' : 'no';
  }
  // After a comma: "Peter Powers, the chairman, says…" (the subject before an apposition) or "…, says Mr. Lee".
  // (', “knows…': the quotation's first word after the comma.)
  const afterComma = prev !== null && (prev.text === ',' || (/^[“"]$/.test(prev.text) && tokens[p - 1]?.text === ','));
  if (form('3') === word) return (afterSubject && !PLURAL_PRONOUNS.has(lower(prev!))) || afterComma ? 'yes' : 'no';
  const past = form('p') === word;
  // A spelling ECDICT does not list ("apologised"): an -ed form is past or participle.
  const participle = form('d') === word || (!past && /(ed|en)$/.test(word));
  if (!forms.p && !forms.d && /ed$/.test(word)) return afterSubject ? 'maybe' : 'no';
  if (past && !participle) return afterSubject || afterComma ? 'yes' : 'no';
  if (participle && !past) return 'no';
  return afterSubject || afterComma ? 'maybe' : 'no';
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

/**
 * An -ing word the tagger read as an adjective, right after "be", that is the progressive: its
 * lemma is a verb ("boom" is n. first, then vi.) and the word is not an adjective of feeling, which
 * ECDICT glosses 令人…/使人… ("is frustrating", "was interesting": be + complement).
 */
function progressiveRead(t: TokenInContext, dict: Ecdict): boolean {
  const w = lower(t);
  if (!w.endsWith('ing') || /(^|\n)a\.\s*(令人|使人)/.test(dict.lookup(w)?.translation ?? '')) return false;
  return /(^|\n)\s*v[ti]?\./.test(dict.lemma(w)?.translation ?? dict.lookup(t.lemma)?.translation ?? '');
}

/**
 * "has cast a pall": a participle the tagger read as a noun right after "have", before an object's
 * determiner. Only the spelling ECDICT gives as the participle of a verb.
 */
function participleRead(tokens: TokenInContext[], k: number, dict: Ecdict): boolean {
  const t = tokens[k]!;
  if (t.pos !== 'NOUN' || !HAVE_FORMS.has(lower(tokens[k - 1]!)) || tokens[k + 1]?.pos !== 'DET') return false;
  return dict.lookup(t.lemma)?.exchange.d?.toLowerCase() === lower(t);
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
    // "has for some time had", "has in the past hired": a short prepositional phrase between "have" and its participle.
    if (HAVE_FORMS.has(lower(tokens[end - 1]!)) && tokens[k]?.pos === 'ADP') {
      let j = k + 1;
      while (j < tokens.length && j <= k + 4 && ['DET', 'ADJ', 'NOUN', 'NUM'].includes(tokens[j]!.pos)) j++;
      if (j > k + 1 && tokens[j] && isVerbal(tokens[j]!) && follows(tokens[end - 1]!, tokens[j]!, dict)) k = j;
    }
    const next = tokens[k];
    // The tagger sometimes reads an -ing form as an adjective or noun ("are booming"): its form
    // decides. An -ed form it reads as an adjective stays one ("was interested": be + complement).
    if (!next || !/^[a-z]/.test(next.text) || !follows(tokens[end - 1]!, next, dict)) break;
    if (!isVerbal(next) && !(k === end && (progressiveRead(next, dict) || participleRead(tokens, k, dict)))) break;
    end = k + 1;
  }
  return { start: i, end };
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
    // "That sounded like censorship": "that" opening the sentence right before a verb is its subject.
    const thatDeterminer =
      word === 'that' && (t.pos === 'DET' || (next?.pos === 'NOUN' && tokens[i + 2]?.text === ',') || (i === lead && next !== undefined && isVerbal(next)));
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
    const coordinated = p >= 0 && tokens[p]!.pos === 'CCONJ';
    // "…note that demand has helped … and has kept…": a verb joined by "and" to a subordinate clause's verb shares its clause.
    const sharesClause = coordinated && candidates.at(-1)?.subordinate === true;
    candidates.push({
      group,
      sure,
      subordinate: pending > 0 || inOpening || contact || aside || sharesClause,
      coordinated,
    });
    if (pending > 0) pending--;
  }
  const none: MainClause = { predicate: null, subject: null, object: null, finite };

  if (opensWithReport(tokens)) return { predicate: { start: 0, end: 1 }, subject: null, object: null, finite };

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
  const speaker = speakerAfter(tokens, dict, (r) => candidates.some((c) => c.group.start > r && !c.subordinate));
  if (speaker >= 0) return { predicate: { start: speaker, end: speaker + 1 }, subject: null, object: null, finite };
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
  const hasSubject = subjectOf(tokens, first.group, true) !== null;
  if (first.sure === 'maybe' && !takesObject(tokens, first.group, hasSubject)) {
    // "X said the rates would rise": a verb of saying or thinking takes the clause after it.
    const reports = REPORTING.has(verb.lemma) || ['expect', 'show', 'find', 'feel', 'know', 'hope', 'fear', 'mean'].includes(verb.lemma);
    // "Companies listed below reported…": the participle's phrase runs straight into the main verb.
    const after = reports ? -1 : verbAfterParticiple(tokens, first.group, dict, hasSubject);
    if (after >= 0) {
      const group = groupAt(tokens, after, dict);
      return { predicate: group, subject: subjectOf(tokens, first.group, true), object: objectAt(tokens, group.end), finite };
    }
    // "The bills sold at auction rose": a later finite group of its own makes the past form a participle, maybe.
    const rival = main.some((c) => c !== first && !c.coordinated);
    if (rival && !reports) return none;
    // With no subject at the start of the clause, the past form may be a participle after a noun
    // ("a report issued…"); a reporting verb may follow its subject's aside ("Mr. Samnick, who…, said").
    if (!hasSubject && !(reports && subjectBeforeAside(tokens, first.group))) return none;
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
