/**
 * The word lists phrases.ts reads a sentence with: which particles are adverbs, which verbs move or
 * place something, which verb + preposition pairs and which "… to" headwords are phrases. Kept apart
 * from the matching so the rules read as rules and the lists can grow without touching them.
 */

export const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their']);
export const REFLEXIVES = new Set(['myself', 'yourself', 'himself', 'herself', 'itself', 'ourselves', 'yourselves', 'themselves']);
/** Particles that are adverbs after a verb ("gave up", "turned it down"); the others are prepositions first. */
export const ADVERB_PARTICLES = new Set([
  'up',
  'down',
  'out',
  'off',
  'away',
  'back',
  'over',
  'in',
  'on',
  'around',
  'round',
  'about',
  'through',
  'along',
  'across',
  'apart',
  'aside',
  'forward',
  'together',
  'by',
  'behind',
  'ahead',
]);
/** Places and paths: "ran down the street", "walked up the hill", "put it on the table" are motion, not phrasal verbs. */
export const PLACES = new Set(
  'street streets road roads hill hills stairs steps staircase path paths river rivers corridor hall hallway lane track slope slopes mountain mountains table tables floor room field aisle block wall ladder tree trees bridge sidewalk pavement avenue beach valley trail line road coast shelf desk bed sofa chair counter stage corner side river bank runway platform deck window windows door doors gate gates'.split(
    ' ',
  ),
);
/**
 * Verbs of moving, looking and being somewhere: only these read a particle before a place as a
 * direction or a place ("ran down the street", "looked out the window", "sat on the sofa"); "set
 * up a picket line" and "opened up the field" are phrasal verbs whatever their object is called.
 */
export const MOTION_VERBS = new Set(
  'go come run walk climb drive ride fly move jump roll fall crawl race rush hurry head travel wander stroll march sail swim slide look stare glance gaze peer turn step hop skip dash creep sneak float drift wade plow plough ski skate cycle jog limp stumble tumble slip hike sprint charge back push pull carry lead follow chase sit stand lie lean kneel rest hang sleep stay wait live play work'.split(
    ' ',
  ),
);
/**
 * Prepositions of two words whose first looks like a verb's participle ("according to the report",
 * "owing to the rain"): phrases wherever they stand, though WordNet files none of them as a verb.
 */
export const PARTICIPLE_PREPOSITIONS = new Set(['according to', 'owing to', 'depending on', 'relating to', 'pertaining to']);

/**
 * Verbs that select their preposition: the pair means something the verb alone does not ("consist
 * of" 由…组成, "stem from" 起源于, "deal with" 处理) though WordNet lists it under the verb's own
 * senses. Only these verb + preposition headwords are read as phrases where WordNet has none; any
 * other verb + preposition is a verb and its prepositional phrase ("sat on the mat").
 */
export const SELECTED_PREPOSITIONS = new Set([
  'consist of',
  'consist in',
  'stem from',
  'result from',
  'result in',
  'deal with',
  'come from',
  'arise from',
  'derive from',
  'emerge from',
  'differ from',
  'suffer from',
  'benefit from',
  'recover from',
  'refrain from',
  'originate from',
  'originate in',
  'belong to',
  'refer to',
  'lead to',
  'amount to',
  'object to',
  'contribute to',
  'respond to',
  'react to',
  'adapt to',
  'adjust to',
  'attend to',
  'consent to',
  'subscribe to',
  'succumb to',
  'cater to',
  'resort to',
  'listen to',
  'apply for',
  'account for',
  'allow for',
  'care for',
  'wait for',
  'hope for',
  'call for',
  'opt for',
  'qualify for',
  'compensate for',
  'insist on',
  'focus on',
  'concentrate on',
  'comment on',
  'embark on',
  'dwell on',
  'capitalize on',
  'elaborate on',
  'cope with',
  'comply with',
  'agree with',
  'interfere with',
  'collide with',
  'sympathize with',
  'grapple with',
  'succeed in',
  'participate in',
  'engage in',
  'persist in',
  'invest in',
  'indulge in',
  'specialize in',
  'culminate in',
  'approve of',
  'dispose of',
  'think of',
  'dream of',
  'hear of',
  'conceive of',
  'complain about',
  'worry about',
]);
/**
 * Verbs of moving and of being somewhere, and prepositions of place: with a thing after them they
 * are moving or being there ("sat on the mat", "fell into the water", "went into the kitchen"). Not
 * turn, look, put…: "turn off the light" and "looked into the box" are their phrasal verbs.
 */
export const PLACING_VERBS = new Set(
  'sit stand lie lean kneel hang fall walk run go come climb jump crawl step float drift fly swim ride drive travel wander rush hurry march slide roll'.split(
    ' ',
  ),
);
/** Verbs of putting something somewhere: "put on the refrigerator door", "laid on the bed" place a thing there. */
export const PUTTING_VERBS = new Set('put place set lay stick pin post tape leave'.split(' '));
export const SPATIAL = new Set('on onto in into under across through along'.split(' '));
/** Prepositions of a physical place, after which a verb's object is something held or put somewhere ("held the baby on her lap"). */
export const PLACE_PREPOSITIONS = new Set('on onto under over against across around behind beside between inside'.split(' '));
/** Ordinals: "the first person who…", "the last word to…" name one of a series, not the compound (第一人称). */
export const ORDINALS = new Set('first second third last next'.split(' '));
/** Words that open a relative clause or an infinitive after a noun ("the first person who", "the first person to"). */
export const RELATIVE_OPENERS = new Set('who whom whose which that to'.split(' '));
/**
 * Headwords whose "to" opens an infinitive ("have to go", "is going to rain", "in order to catch").
 * Any other headword ending in "to" is a verb and its preposition, which an infinitive after it
 * does not make: "would like to grow" is no "like to" (差点儿), "except to say" no "except to" (反对).
 */
export const INFINITIVE_HEADWORDS = new Set([
  'have to',
  'have got to',
  'used to',
  'ought to',
  'going to',
  'be going to',
  'be about to',
  'about to',
  'be able to',
  'be likely to',
  'be supposed to',
  'be bound to',
  'would like to',
  'in order to',
  'so as to',
]);
export const BE_FORMS = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', 'am', "'s", "'re", "'m"]);
