import type { Ecdict, TokenInContext } from '../dictionary/index.js';
import { IN_NOUN_PHRASE, lower, pluralNoun, SUBORDINATORS, type Span } from './clause-tokens.js';

/*
 * A past form right after the sentence's subject may be its verb or a participle that opens a
 * reduced relative clause ("the bills sold at auction rose"). The main-clause rules (main-clause.ts)
 * claim it only when one of these two readings settles it; `hasSubject` says the form follows the
 * clause's subject.
 */

/**
 * "Mrs. Hills lauded South Korea…", "Workers dumped large sacks…": a past form right after the
 * sentence's subject with a noun phrase straight after it is the verb with its object. A reduced
 * relative's participle is passive and takes none ("the bills sold at auction rose").
 */
export function takesObject(tokens: TokenInContext[], group: Span, hasSubject: boolean): boolean {
  if (group.end - group.start !== 1 || !hasSubject) return false;
  // Right after a noun: not after a possessive ("the nation's accumulated exports") or an adverb ("most respected traders").
  if (!['NOUN', 'PROPN', 'PRON', 'NUM'].includes(tokens[group.start - 1]?.pos ?? '')) return false;
  // "a kit called Learning Materials", "a Stamford-based company": participles that name or place.
  if (NAMING_OR_PLACING.has(tokens[group.start]!.lemma)) return false;
  let k = group.end;
  while (['ADJ', 'NUM'].includes(tokens[k]?.pos ?? '')) k++;
  const next = tokens[k];
  if (!next) return false;
  const objectPronoun = next.pos === 'PRON' && /^(him|her|them|us|me|it)$/i.test(next.text);
  // "contacted yesterday said": a time word is no object.
  if (TIME_WORDS.has(lower(next))) return false;
  return (k === group.end && next.pos === 'DET') || ['NOUN', 'PROPN'].includes(next.pos) || objectPronoun;
}
const NAMING_OR_PLACING = new Set('call name dub title label term know base locate headquarter'.split(' '));
const TIME_WORDS = new Set('yesterday today tomorrow tonight'.split(' '));

/**
 * "Companies listed below reported losses", "contracts traded totaled 9,118", "superconductors
 * discovered during the past three years promise…": a past form right after the subject, followed
 * by nothing but adverbs and prepositional phrases and then a verb that is finite for that subject,
 * is a participle (the subject's reduced relative clause) and that verb the main one. The index of
 * that verb, or -1. Only a past form with no object of its own: "sold the unit" stays the verb.
 */
export function verbAfterParticiple(tokens: TokenInContext[], group: Span, dict: Ecdict, hasSubject: boolean): number {
  // A pronoun takes no reduced relative clause ("They blamed increased demand").
  const subjectHead = tokens[group.start - 1];
  if (group.end - group.start !== 1 || !subjectHead || !['NOUN', 'PROPN'].includes(subjectHead.pos) || !hasSubject) return -1;
  let k = group.end;
  while (k < tokens.length && tokens[k]!.pos === 'ADV') k++;
  // Prepositional phrases: a preposition (not one that opens a clause: "after the government lifted…") and its noun phrase.
  const inPhrase = (t: TokenInContext) => IN_NOUN_PHRASE.has(t.pos) && t.pos !== 'PRON' && (t.pos !== 'PART' || /^['’]s$/i.test(t.text));
  while (k < tokens.length && tokens[k]!.pos === 'ADP' && !SUBORDINATORS.has(lower(tokens[k]!))) {
    k++;
    const from = k;
    while (k < tokens.length && inPhrase(tokens[k]!)) k++;
    // "listed below reported": a preposition standing alone is an adverb.
    if (k === from && tokens[k]?.pos !== 'VERB') return -1;
    while (k < tokens.length && tokens[k]!.pos === 'ADV') k++;
  }
  const verb = tokens[k];
  if (!verb || verb.pos !== 'VERB') return -1;
  const word = lower(verb);
  const forms = dict.lookup(verb.lemma)?.exchange ?? {};
  const pluralSubject = pluralNoun(subjectHead, dict) || /[^s']s$/i.test(subjectHead.text);
  const past = forms.p?.toLowerCase() === word;
  // Right after the participle only a past form, and not one before a noun it modifies ("paid scant attention", "helped boost").
  if (k === group.end) return past && !['NOUN', 'ADJ', 'PROPN'].includes(tokens[k + 1]?.pos ?? '') ? k : -1;
  const finiteForSubject = past || (forms['3']?.toLowerCase() === word && !pluralSubject) || (word === verb.lemma && pluralSubject);
  return finiteForSubject ? k : -1;
}
