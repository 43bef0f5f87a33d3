import { meaningLines } from './context.js';
import { COMPLEMENT_FRAMES, FRAMES } from './frame-senses.js';
import type { Ecdict } from './ecdict.js';
import { verbLine } from './entry-choice.js';
import type { TokenInContext } from './lemmatizer.js';
import { MODALS } from './pos-rules.js';
import { BE, DO, HAVE, TIME_NOUNS } from './verb-group.js';
import type { WordNet, WordNetSense } from './wordnet.js';

/** Words after a verb that make a measure or a time of its object slot, not a thing it acts on ("fell the most", "fell the next day"). */
const NOT_AN_OBJECT =
  /^(most|least|more|same|first|last|next|previous|whole|equivalent|total|little|bit|distance|hardest|fastest|furthest|farthest)$/i;

/** A verb's senses SemCor finds at least half as often as its first: what the verb mostly means. */
function mainSenses(wordnet: WordNet, lemma: string): WordNetSense[] {
  const senses = wordnet.senses(lemma, 'v');
  const top = senses[0]?.count ?? 0;
  return senses.filter((s, k) => k === 0 || (top > 0 && s.count * 2 >= top));
}

/**
 * "She lay the cards on the table", "workers fell the trees", "the attacker wound him", "to found a
 * company": a form that is another verb's past (lie, fall, wind, find) and a verb of its own is its
 * own verb where the sentence rules the other out: its lemma's main senses take no object and an
 * object follows; a person is the object and none of them takes one; or the form stands where only
 * a verb's base can (after to, a modal or do). Everywhere else the past reading stays ("lay on the
 * bed", "the road wound through", "found her keys", "saw the logs floating"). Sets the lemma of
 * such tokens in place, after the verb groups are marked, so the entry, the phrase ("lay down the
 * rules", not "lie down") and the word book all read the same verb.
 */
export function markOwnVerbs(tagged: TokenInContext[], dict: Ecdict, wordnet: WordNet): void {
  tagged.forEach((t, at) => {
    const lower = t.text.toLowerCase();
    if (t.pos !== 'VERB' || t.lemma === lower) return;
    if (dict.lookup(t.lemma)?.exchange.p?.toLowerCase() !== lower) return;
    const own = dict.lookup(lower);
    if (!own || !meaningLines(own).some(verbLine)) return;
    const ownSenses = wordnet.senses(lower, 'v');
    if (ownSenses.length && ownVerbHere(tagged, at, mainSenses(wordnet, t.lemma), ownSenses)) t.lemma = lower;
  });
}

function ownVerbHere(tagged: readonly TokenInContext[], at: number, main: WordNetSense[], own: WordNetSense[]): boolean {
  const t = tagged[at]!;
  let j = at - 1;
  while (j >= 0 && (tagged[j]!.pos === 'ADV' || /^(not|n't|never)$/i.test(tagged[j]!.text))) j--;
  const before = tagged[j]?.text.toLowerCase() ?? '';
  if (before === 'to' || MODALS.has(before) || DO.has(before)) return true;
  // A participle after be or have is the lemma's ("was found", "had wound the clock").
  if (BE.has(before) || HAVE.has(before) || before === 'being') return false;
  // "fell a total of 30 points", "fell a steep 34.2%", "lay a safe distance back": a measure, no object.
  const measure = tagged
    .slice(at + 1, at + 5)
    .some((n) => TIME_NOUNS.has(n.text.toLowerCase()) || NOT_AN_OBJECT.test(n.text) || n.pos === 'NUM' || /^[$£€¥\d]/.test(n.text));
  if (t.transitive && !measure && !main.some((s) => s.frames.some((f) => COMPLEMENT_FRAMES.has(f)))) return true;
  const person = FRAMES.person!;
  const takesPerson = (s: WordNetSense) => s.frames.some((f) => person.has(f));
  return t.frame === 'person' && !main.some(takesPerson) && own.some(takesPerson);
}
