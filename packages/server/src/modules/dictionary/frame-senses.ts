import type { TokenInContext } from './lemmatizer.js';
import type { ItemUse } from './frame-items.js';
import type { WordNetSense } from './wordnet.js';

/**
 * Which WordNet senses fit what follows a verb in its sentence (verb-group.ts marks the `frame`), and
 * which kind of Chinese item then leads its line (frame-items.ts). context.ts#rankedSenses weighs the
 * fitting senses; context.ts#sensesInContext leads with the kind's item.
 */

/**
 * WordNet's verb frames with a person as the object (9 "Somebody ----s somebody", 20 "… somebody
 * PP"…), with a person and an infinitive after it (24 "… somebody to INFINITIVE", 25 without to),
 * and with an adjective after the verb (6, 7).
 */
export const FRAMES: Record<string, ReadonlySet<number>> = {
  person: new Set([9, 10, 14, 17, 18, 20]),
  'person-infinitive': new Set([24, 25]),
  adjective: new Set([6, 7]),
};
/** Frames with an object or a clause after the verb: a sense that has none is contradicted by a person there. */
export const COMPLEMENT_FRAMES = new Set([5, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 26, 28, 29, 30, 31, 32, 33, 34, 35]);

/** A sense that measures a change of amount, by its gloss and examples ("decrease in size, extent, or range"; "The price of gold fell"). */
const AMOUNT_SENSE = /\b(increase[sd]?|decrease[sd]?|value|prices?|go (up|down)|reduce[sd]?|reduction)\b/i;
const measuresChange = (s: WordNetSense) => AMOUNT_SENSE.test(`${s.definition} ${s.examples.join(' ')}`);
const MONEY_SENSE = /\b(funds|money)\b/i;
/** A sense of saying, by its gloss ("state or say further", "make a remark", "state categorically"). */
const SAYING_SENSE = /\b(say|says|said|state|remark|assert|declare|utter|mention|speak|tell|reply|respond|answer|comment)\b/i;
const says = (s: WordNetSense) => SAYING_SENSE.test(s.definition);
/** A sense of noticing ("notice or perceive", "discover or determine the existence… of"). */
const notices = (s: WordNetSense) => /\b(notice|perceive|discover|detect)\b/i.test(s.definition);
/** Whether a figure after the verb measures a change: a sum of money after a verb with a sense of money is what it collects or pays ("raised $10 million"). */
const figureMeasures = (frame: TokenInContext['frame'], senses: readonly WordNetSense[]) =>
  frame === 'amount' || (frame === 'sum' && !senses.some((s) => MONEY_SENSE.test(s.definition)));

/**
 * The senses the verb's use fits, or null when its frame says nothing of them: a person as its object
 * or an adjective after it, WordNet's frames ("fired him" is not "start firing a weapon"); a figure, a
 * sense that measures a change ("fell 12%"), or for a sum of money one of money when the verb has one
 * ("raised $10 million" is collected); a reported speech, a sense of saying ("the company added"); a
 * verb of noticing before what was noticed, a sense of noticing ("noted that").
 */
export function senseFit(frame: TokenInContext['frame'], senses: readonly WordNetSense[]): ((s: WordNetSense) => boolean) | null {
  if (figureMeasures(frame, senses)) return measuresChange;
  if (frame === 'sum') return (s) => MONEY_SENSE.test(s.definition);
  if (frame === 'speech') return says;
  if (frame === 'notice') return notices;
  // "certain sectors" is not "certain(p)", having no doubt; "she was present" is not "the present(a) day".
  if (frame === 'attributive') return (s) => s.position !== 'p' && s.position !== 'ip';
  if (frame === 'predicative') return (s) => s.position !== 'a';
  const frameOf = FRAMES[frame ?? ''];
  return frameOf ? (s) => s.frames.some((f) => frameOf.has(f)) : null;
}

/** The kind of item that leads for the verb's use, when the sense ranked first (`ranked[0]`) is of that use. */
export function frameUse(frame: TokenInContext['frame'], ranked: readonly WordNetSense[]): ItemUse | null {
  const top = ranked[0];
  if (!top) return null;
  if (figureMeasures(frame, ranked) && measuresChange(top)) return 'amount';
  // "got so fed up", "fell silent", "looked tired": what something became or seemed (变得, 变成, 显得).
  if (frame === 'adjective') return 'becoming';
  if (frame === 'speech' && says(top)) return 'speech';
  if (frame === 'notice' && notices(top)) return 'notice';
  return null;
}
