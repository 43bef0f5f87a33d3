import type { TokenInContext } from './lemmatizer.js';
import type { HasPos } from './pos-lexicon.js';

/**
 * What the verbs of a tagged sentence do with the words around them, once the parts of speech are
 * settled (pos-rules.ts#tagSentence): which take an object (`transitive`: the sheet puts vt. lines
 * first), which forms of have, do and be are auxiliaries (`auxiliary`: 已经…, 助动词, 正在…, 被…
 * instead of 有, 做, 是), which base-spelt forms are past (`pastForm`: "read" as /red/), and what
 * follows a verb that WordNet's frames tell apart (`frame`: a person as its object, an adjective).
 */

export const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', "'s", "'re", 'am']);
export const LINKING = new Set([
  ...BE,
  'feel',
  'feels',
  'felt',
  'seem',
  'seems',
  'seemed',
  'look',
  'looks',
  'looked',
  'become',
  'becomes',
  'became',
  'remain',
  'remains',
  'remained',
  'stay',
  'stays',
  'stayed',
  'get',
  'gets',
  'got',
  'sound',
  'sounds',
  'grow',
  'grew',
]);
export const HAVE = new Set(['have', 'has', 'had', "'ve", 'having']);
const AUXILIARY_VERBS = new Set(['be', 'have', 'do']);
/** "march every morning", "trained all day": a determiner before a time word opens an adverbial, not an object. */
export const TIME_NOUNS = new Set(
  'morning afternoon evening night day week month year time weekend summer winter spring autumn hour minute while'.split(' '),
);
/** Names of days and months: after a verb they say when, they are no object. */
const CALENDAR =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?$/i;
/** Adverbs of time a verb may be followed by before its phrase: they say when, they are no object. */
const WHEN = /^(today|tomorrow|yesterday|tonight|again|together|soon|later|earlier|early|late|recently|briefly|once)$/i;
export const DO = new Set(['do', 'does', 'did']);
/** Prepositions that are never a phrasal verb's adverb particle. */
const PREPOSITIONS_ONLY =
  /^(to|toward|towards|at|for|with|from|into|onto|of|through|across|against|between|among|without|upon|during|despite|via|amid)$/i;

/**
 * Is a form of have, do or be the auxiliary of the verb after it: "had noted" (perfect), "does not
 * share", "Did you know" (do-support), "was closing" (progressive), "was promoted" (passive)? Only
 * adverbs, "not" and, in a question, one subject pronoun may stand between them.
 */
function auxiliaryUse(tagged: readonly TokenInContext[], i: number, has: HasPos): TokenInContext['auxiliary'] {
  const word = tagged[i]!.text.toLowerCase();
  const kind = HAVE.has(word) ? 'have' : DO.has(word) ? 'do' : BE.has(word) || word === 'being' ? 'be' : null;
  if (!kind) return undefined;
  // "didn't, in fact, cause", "I didn't.": do with not is always the auxiliary.
  if (kind === 'do' && /^(not|n't)$/i.test(tagged[i + 1]?.text ?? '')) return 'support';
  let j = i + 1;
  // "has since classified", "have since become": "since" between them is an adverb of time; "were both
  // laid off", "have all left": a quantifier of the subject may stand there too.
  const skippable = (t: TokenInContext) => t.pos === 'ADV' || /^(not|n't|never|since|both|all|each)$/i.test(t.text);
  while (j < tagged.length && skippable(tagged[j]!)) j++;
  // "Have you seen", "Did they know", "what did you serve": the subject pronoun of a question.
  if (
    j === i + 1 &&
    tagged[j]?.pos === 'PRON' &&
    /^(i|you|he|she|it|we|they)$/i.test(tagged[j]!.text) &&
    (i === 0 || tagged[i - 1]!.pos === 'PUNCT' || /^(what|where|when|why|how|who|whom|which)$/i.test(tagged[i - 1]!.text))
  ) {
    j++;
    while (j < tagged.length && skippable(tagged[j]!)) j++;
  }
  const next = tagged[j];
  if (!next || (next.pos !== 'VERB' && next.pos !== 'AUX')) return undefined;
  const form = next.text.toLowerCase();
  if (kind === 'have') return form === 'been' || has(form, 'VBN') ? 'perfect' : undefined;
  if (kind === 'do') return form === next.lemma && !/ing$|ed$/.test(form) ? 'support' : undefined;
  if (/ing$/.test(form) && form !== next.lemma) return 'progressive';
  // A participle spelt like its base is passive too: "is run by", "was read by millions".
  return has(form, 'VBN') ? 'passive' : undefined;
}

/** Marks each token's `transitive`, `frame`, `auxiliary` and `pastForm` in place. */
export function markVerbGroups(tagged: TokenInContext[], has: HasPos): void {
  markObjects(tagged, has);
  tagged.forEach((t, i) => {
    const use = auxiliaryUse(tagged, i, has);
    if (use) t.auxiliary = use;
  });
  markPastForms(tagged, has);
}

/** Place adverbs that, first in a clause, put the subject after its verb ("there lay the property", "ahead lay disaster"). */
const PLACE_FIRST = /^(there|here|ahead|beyond|below|above|behind|nearby|beside)$/i;
/** Verbs of place and coming that put their subject after them behind a place phrase ("On the hill stood a house"). */
const INVERTING = new Set(
  'lie stand sit hang come go rise remain exist live lurk loom stretch slide ride walk run fly float emerge appear follow'.split(' '),
);
/** Prepositions that also open a clause ("As Andy reached the finale", "before she left her room"). */
const CLAUSE_OPENERS = /^(as|before|after|since|until|till|because|while|if|though|once|like|than|for)$/i;
/** Pronouns that are only ever subjects: never a preposition's object ("before she left"). */
const NOMINATIVE_PRONOUNS = /^(i|he|she|we|they)$/i;
/** Tags a noun phrase may be made of, the prepositions that open a place phrase included. */
const IN_PLACE_PHRASE = new Set(['NOUN', 'PROPN', 'ADJ', 'DET', 'NUM', 'PRON', 'ADP']);

/**
 * Whether tokens[from..to] is a preposition and its noun phrase ("in the middle of the carpet", "on
 * her bureau", "behind him"), not a place phrase followed by a subject ("In 1998 they", "In the
 * morning the company"): a new noun phrase may only start after a preposition.
 */
function placePhrase(tagged: readonly TokenInContext[], from: number, to: number): boolean {
  if (from > to || tagged[from]!.pos !== 'ADP' || CLAUSE_OPENERS.test(tagged[from]!.text)) return false;
  let head: TokenInContext | null = null;
  for (let k = from + 1; k <= to; k++) {
    const t = tagged[k]!;
    if (NOMINATIVE_PRONOUNS.test(t.text)) return false;
    if (t.pos === 'ADP') head = null;
    // "In London Lewis took", "In certain respects defeat increased": a second noun phrase is the subject.
    else if (head && (['DET', 'PRON', 'NUM', 'PROPN'].includes(t.pos) || (t.pos === 'NOUN' && /[^s]s$/i.test(head.text)))) return false;
    else if (['NOUN', 'PROPN', 'NUM', 'PRON'].includes(t.pos)) head = t;
  }
  return !!head;
}

/**
 * "On her bureau lay a small ornament", "Behind him stood the guards", "on which lay a rock": a
 * clause that opens with a place puts its subject after the verb, so the noun phrase there is no
 * object. True when only place phrases (or a place adverb) stand between the clause's start and the
 * verb; commas may part the place phrases ("Underneath the big one, in the silent moonlight, lay").
 */
export function invertedSubject(tagged: readonly TokenInContext[], at: number): boolean {
  let j = at - 1;
  while (j >= 0 && tagged[j]!.pos === 'ADV' && !PLACE_FIRST.test(tagged[j]!.text)) j--;
  const clauseStart = (k: number) => k < 0 || ['PUNCT', 'CCONJ', 'SCONJ'].includes(tagged[k]!.pos) || /^that$/i.test(tagged[k]!.text);
  if (j < 0) return false;
  if (PLACE_FIRST.test(tagged[j]!.text)) return clauseStart(j - 1);
  for (let end = tagged[j]!.text === ',' ? j - 1 : j; ;) {
    let k = end;
    while (k >= 0 && IN_PLACE_PHRASE.has(tagged[k]!.pos)) k--;
    if (!placePhrase(tagged, k + 1, end)) return false;
    // "…a velvet cloth, on which lay a rock": a relative clause opens with its place.
    if (tagged.slice(k + 1, end + 1).some((t) => /^(which|whom)$/i.test(t.text))) return true;
    if (tagged[k]?.text !== ',' || clauseStart(k - 1)) return clauseStart(k);
    end = k - 1;
  }
}

/** '"I wouldn't know," replied Allan', 'asked Adrienne.': a verb after a quotation, or a capitalised one, before its subject. */
function speechInversion(tagged: readonly TokenInContext[], i: number): boolean {
  const quote = (t: TokenInContext | undefined) => !!t && QUOTE.test(t.text);
  return i === 0 || quote(tagged[i - 1]) || (tagged[i - 1]!.text === ',' && quote(tagged[i - 2])) || /^\p{Lu}/u.test(tagged[i]!.text);
}

/**
 * Verbs whose everyday sense is not saying, that press text uses to report what someone said: "the
 * company added" (附带说明, not 增加), "he observed." (评论), "maintained that" (主张, not 维持).
 */
const REPORTING = new Set(
  'add observe note maintain argue stress insist warn conclude answer reply explain continue recall concede admit acknowledge complain caution counter'.split(
    ' ',
  ),
);
const QUOTE = /^["“”'‘’]+$/;
/** Reporting verbs that are also verbs of noticing: before "that" they say what someone saw. */
const NOTICING = new Set(['observe', 'note']);

/**
 * Whether a reporting verb reports speech: before a quotation ('He added, "We don't…"') or a "that"
 * clause ("noted that"), or closing a clause after its subject ('…," the company added.'), or after
 * a quotation before its subject ('…," added Mr. Smith.').
 */
function reportsSpeech(tagged: readonly TokenInContext[], i: number): boolean {
  if (!REPORTING.has(tagged[i]!.lemma)) return false;
  const next = tagged[i + 1];
  const quote = (t: TokenInContext | undefined) => !!t && QUOTE.test(t.text);
  // A quotation opens after the verb only outside one ('"…achieved and maintained," Magna said' closes it).
  const quoted = tagged.slice(0, i).filter(quote).length % 2 === 1;
  if (!quoted && (quote(next) || (/^[,:]$/.test(next?.text ?? '') && quote(tagged[i + 2])))) return true;
  // "added that": a clause, not a determiner ("maintain that linkage"); "we observe that", "Note that
  // it prohibits": verbs of noticing report what was seen, not said.
  const determiner = next?.pos === 'DET' || (tagged[i + 2]?.pos === 'NOUN' && !['VERB', 'AUX'].includes(tagged[i + 3]?.pos ?? ''));
  if (/^that$/i.test(next?.text ?? '') && !determiner && !NOTICING.has(tagged[i]!.lemma)) return true;
  // The subject right before the verb, and a comma or a quotation right before the subject.
  let k = i - 1;
  while (k >= 0 && ['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON'].includes(tagged[k]!.pos) && !quote(tagged[k])) k--;
  const afterQuote = k < i - 1 && (quote(tagged[k]) || tagged[k]?.text === ',');
  const closes = !next || /^[.,;!?]$/.test(next.text) || quote(next);
  if (afterQuote && closes) return true;
  // '…," added Mr. Smith.': a quotation, the verb, then its subject to the end of the clause.
  if (!(quote(tagged[i - 1]) || (tagged[i - 1]?.text === ',' && quote(tagged[i - 2])))) return false;
  let j = i + 1;
  while (j < tagged.length && ['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN'].includes(tagged[j]!.pos)) j++;
  return j > i + 1 && (j === tagged.length || /^[.,;!?]$/.test(tagged[j]!.text) || quote(tagged[j]));
}

/**
 * Whether a verb of noticing is followed by what was noticed: "Dealers noted that…", "we first
 * observe that…", and the imperative "Note, however, that it is shorter" (注意, not 记录).
 */
function noticesThat(tagged: readonly TokenInContext[], i: number): boolean {
  if (!NOTICING.has(tagged[i]!.lemma)) return false;
  const that = (k: number) => /^that$/i.test(tagged[k]?.text ?? '') && tagged[k]!.pos !== 'DET';
  if (that(i + 1)) return true;
  const opens = i === 0 || tagged[i - 1]!.pos === 'PUNCT';
  return opens && tagged[i + 1]?.text === ',' && [2, 3, 4, 5].some((d) => that(i + d));
}

/** Verbs that say what something became when an adjective follows them (and only then). */
const BECOMING = new Set(['go', 'turn', 'prove', 'fall', 'come', 'run', 'wear', 'grow', 'keep']);
/** Degree adverbs before an adjective ("so fed up", "too tired"). */
const DEGREE = /^(so|too|very|quite|rather|pretty|really|completely|totally|increasingly|more|most|less)$/i;

/** Words that open an adverbial clause: in "when he died he owed", the clause ends before the next subject. */
const SUBORDINATORS = /^(when|whenever|where|wherever|as|if|because|while|after|before|since|until|till|though|although|unless|once)$/i;

/** Whether the verb at `i` is in a clause a subordinator opened since the last punctuation. */
function inAdverbialClause(tagged: readonly TokenInContext[], i: number): boolean {
  for (let k = i - 1; k >= 0 && tagged[k]!.pos !== 'PUNCT'; k--) if (SUBORDINATORS.test(tagged[k]!.text)) return true;
  return false;
}

/** A verb takes an object when it is passive, a participle before its noun, or a determiner follows it. */
function markObjects(tagged: TokenInContext[], has: HasPos): void {
  tagged.forEach((t, i) => {
    if (t.pos !== 'VERB') return;
    let j = i - 1;
    while (j >= 0 && /ly$|^(not|n't|never|also|just|already|being)$/.test(tagged[j]!.text.toLowerCase())) j--;
    const word = t.text.toLowerCase();
    // "were reported being swept into": "being" alone before the participle makes it passive too.
    const passive = has(word, 'VBN') && ((j >= 0 && BE.has(tagged[j]!.text.toLowerCase())) || /^being$/i.test(tagged[i - 1]?.text ?? ''));
    // A past participle before its noun is passive too: "torn jackets" are jackets someone tore (撕破, not 流泪).
    const attributive = word !== t.lemma && has(word, 'VBN') && tagged[i + 1]?.pos === 'NOUN' && (i === 0 || tagged[i - 1]!.pos !== 'AUX');
    // A determiner or an object pronoun right after the verb opens its object ("filed a suit",
    // "grabbed my wrist"); an object further on is often an adverb's or a particle's ("brought back routes").
    const next = tagged[i + 1];
    const object =
      !!next &&
      !LINKING.has(word) &&
      !(INVERTING.has(t.lemma) && invertedSubject(tagged, i)) &&
      !AUXILIARY_VERBS.has(t.lemma) &&
      // "To Spahn will go the award": go and come take no object, their vt. lines are rare senses (以…打赌).
      !['go', 'come'].includes(t.lemma) &&
      ((next.pos === 'DET' &&
        !/^(that|which|what|whatever|whichever)$/i.test(next.text) &&
        !TIME_NOUNS.has(tagged[i + 2]?.text.toLowerCase() ?? '')) ||
        /^(my|your|his|her|its|our|their|him|them|me|us)$/i.test(next.text) ||
        // "arguing that civil rights are…", "asked whether": a clause is the object; "succeeds Harry
        // Sherman": so is a name (not a day or a month, "arrived Monday").
        (/^(that|whether)$/i.test(next.text) && !TIME_NOUNS.has(tagged[i + 2]?.text.toLowerCase() ?? '')) ||
        // "contend investors have overreacted", "argued he would win": a clause without "that" opens
        // with its subject and a finite auxiliary or a subject-only pronoun (not after a verb of place,
        // "he stood he could see", a participle before its noun, "continuing operations will", or in an
        // adverbial clause, "when he died he owed").
        (!INVERTING.has(t.lemma) &&
          !/ing$/i.test(word) &&
          !inAdverbialClause(tagged, i) &&
          ((next.pos === 'PRON' && NOMINATIVE_PRONOUNS.test(next.text) && tagged[i + 2]?.pos !== 'PUNCT') ||
            (['NOUN', 'PROPN'].includes(next.pos) && tagged[i + 2]?.pos === 'AUX' && !/ing$/i.test(tagged[i + 2]!.text)))) ||
        (next.pos === 'PROPN' && !CALENDAR.test(next.text) && !speechInversion(tagged, i)));
    if (passive || attributive || object) t.transitive = true;
    // "closed at $58.50", "ended down 1/8 to 40": a price or a figure that moves takes no object (vi.).
    const moved = /^(at|to|from|by|up|down)$/i.test(next?.text ?? '') && /^([$£€¥]|\d)/.test(tagged[i + 2]?.text ?? '');
    if (!t.transitive && moved) t.transitive = false;
    // "fell 12%", "rose 49.96 to close at", "climbed by $2": a figure right after the verb measures a
    // change of amount, a sense of its own (下跌, not 倒下).
    const figure = (k: number) =>
      (/^([$£€¥]\d|\d)/.test(tagged[k]?.text ?? '') && !/^\d{4}$/.test(tagged[k]!.text)) ||
      (/^[$£€¥]$/.test(tagged[k]?.text ?? '') && /^\d/.test(tagged[k + 1]?.text ?? ''));
    const at = /^by$/i.test(next?.text ?? '') ? i + 2 : i + 1;
    if (!LINKING.has(word) && figure(at)) t.frame = /^[$£€¥]/.test(tagged[at]!.text) ? 'sum' : 'amount';
    // "net fell to $4.2 million", "rose to 112": a figure reached is a change of amount too (never a sum paid).
    else if (!LINKING.has(word) && /^to$/i.test(next?.text ?? '') && figure(i + 2)) t.frame = 'amount';
    // "the camera to point toward the trucks", "worked for a bank": a preposition right after the
    // verb opens its phrase; the verb has no object (vi.). Not a particle, which may take one ("put on a coat").
    if (!t.transitive && PREPOSITIONS_ONLY.test(next?.text ?? '') && next?.pos === 'ADP') t.transitive = false;
    // "to meet today with officials", "left yesterday for Paris": a word saying when, between the verb
    // and such a preposition, is no object either.
    const when = next && (WHEN.test(next.text) || CALENDAR.test(next.text));
    if (!t.transitive && when && PREPOSITIONS_ONLY.test(tagged[i + 2]?.text ?? '') && tagged[i + 2]?.pos === 'ADP') t.transitive = false;
    // "One opportunist who stayed was Gass": right after a subject's relative pronoun, a verb followed
    // by another verb has no object of its own.
    if (!t.transitive && /^(who|which|that)$/i.test(tagged[i - 1]?.text ?? '') && (next?.pos === 'AUX' || next?.pos === 'VERB'))
      t.transitive = false;
    // "grew wildly popular", "became very ill": a linking verb before its adjective takes no object (vi. 变成, not vt. 种植).
    let k = i + 1;
    while (tagged[k]?.pos === 'ADV') k++;
    // Not feel: ECDICT files its 觉得 under vt. ("felt terrible" would show vi. 有知觉).
    // "get slightly higher yields": an adjective before its noun opens an object, it is no complement.
    // "got so fed up": a participle after a degree adverb is an adjective.
    const degreeParticiple = k > i + 1 && DEGREE.test(tagged[k - 1]!.text) && has(tagged[k]?.text.toLowerCase() ?? '', 'VBN');
    const complement = (tagged[k]?.pos === 'ADJ' || degreeParticiple) && !['NOUN', 'PROPN'].includes(tagged[k + 1]?.pos ?? '');
    // "went bankrupt", "turned sour", "proved resilient", "fell silent": before an adjective these verbs say what something became.
    const linking = LINKING.has(word) || LINKING.has(t.lemma) || (BECOMING.has(t.lemma) && !t.transitive);
    if (!t.transitive && t.lemma !== 'feel' && linking && complement) t.transitive = false;
    // (Not a quantifier before its noun, "getting more letters", nor a particle the tagger read as one, "looked back".)
    const quality = !/^(more|most|less|least|few|fewer|many|much|enough|several|back|up|down|out|off|over|away)$/i.test(
      tagged[k]?.text ?? '',
    );
    if (linking && complement && quality) t.frame = 'adjective';
    if (reportsSpeech(tagged, i)) t.frame = 'speech';
    else if (noticesThat(tagged, i)) t.frame = 'notice';
    // "fired him", "will fire you": a person's pronoun as the object ("her" only when no noun of hers follows).
    const hers = next?.text.toLowerCase() === 'her' && !['NOUN', 'ADJ', 'NUM', 'PROPN'].includes(tagged[i + 2]?.pos ?? '');
    if (/^(him|me|us|you)$/i.test(next?.text ?? '') || hers) {
      const after = tagged[i + 2];
      const infinitive =
        after?.text.toLowerCase() === 'to'
          ? tagged[i + 3]?.pos === 'VERB'
          : after?.pos === 'VERB' && after.text.toLowerCase() === after.lemma;
      t.frame = infinitive ? 'person-infinitive' : 'person';
    }
  });
}

/**
 * A verb spelt like its base is past (read /red/) after have or a passive be, after he/she/it, or
 * in a sentence that says when in the past ("yesterday", "ago", "last week"). Runs after the auxiliaries.
 */
function markPastForms(tagged: TokenInContext[], has: HasPos): void {
  const pastTime = tagged.some(
    (t, k) => /^(yesterday|ago)$/i.test(t.text) || (/^last$/i.test(t.text) && TIME_NOUNS.has(tagged[k + 1]?.text.toLowerCase() ?? '')),
  );
  tagged.forEach((t, i) => {
    if (t.pos !== 'VERB' || t.text.toLowerCase() !== t.lemma || !has(t.lemma, 'VBD')) return;
    let j = i - 1;
    while (j >= 0 && (tagged[j]!.pos === 'ADV' || /^(not|n't|never)$/i.test(tagged[j]!.text))) j--;
    const before = tagged[j];
    const afterAuxiliary = before?.auxiliary === 'perfect' || before?.auxiliary === 'passive';
    // "She read it": a third-person subject takes "reads" in the present.
    const thirdPerson = j === i - 1 && !!before && /^(he|she|it)$/i.test(before.text);
    const finite =
      !!before &&
      !['PART', 'AUX'].includes(before.pos) &&
      !/^(to|will|would|can|could|shall|should|may|might|must|do|does|did)$/i.test(before.text);
    if (afterAuxiliary || thirdPerson || (pastTime && finite)) t.pastForm = true;
  });
}
