import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

// The English model is loaded once per process (about a tenth of a second).
const nlp = winkNLP(model);
const its = nlp.its;

export interface TokenInContext {
  text: string;
  lemma: string;
  /** Universal POS tag, e.g. VERB, NOUN, PROPN. */
  pos: string;
  /** True for a verb that takes an object here (a passive, or a determiner or object pronoun right after it): orders vt. before vi. lines. */
  transitive?: boolean;
  /** A form of have, do or be that is only the verb group's auxiliary ("had noted", "does not share", "was promoted"). */
  auxiliary?: 'perfect' | 'support' | 'progressive' | 'passive';
  /** A verb's past form spelt like its base: "has read", "was read", "She read it yesterday" (read /red/). */
  pastForm?: boolean;
  /**
   * What follows a verb that WordNet's senses tell apart: a person as its object ("fired him"), and an
   * infinitive after it ("told him to go"), an adjective as its complement ("get stronger"), a figure
   * that may measure a change ("fell 12%"), a sum of money that may ("rose $2 to $40") or be the object
   * ("raised $10 million"). For an adjective, where it stands: before its noun ("certain sectors") or
   * after a linking verb ("she was certain"), which WordNet's position markers tell apart.
   */
  frame?: 'person' | 'person-infinitive' | 'adjective' | 'amount' | 'sum' | 'speech' | 'notice' | 'attributive' | 'predicative';
}

/** Tokens of a text with their lemma and part of speech, in order. */
export function analyse(text: string): TokenInContext[] {
  const doc = nlp.readDoc(text);
  const texts = doc.tokens().out() as string[];
  // wink's typings declare lemma with a wider addon signature than `out` accepts; at run time it is a token accessor.
  const lemmas = doc.tokens().out(its.lemma as never) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  return texts.map((t, i) => ({ text: t, lemma: (lemmas[i] ?? t).toLowerCase(), pos: tags[i] ?? 'X' }));
}

/** The tapped word as used in its sentence: its lemma and part of speech, or null when it is not there. */
export function inContext(word: string, sentence: string | undefined): TokenInContext | null {
  if (!sentence) return null;
  const lower = word.toLowerCase();
  return analyse(sentence).find((t) => t.text.toLowerCase() === lower) ?? null;
}
