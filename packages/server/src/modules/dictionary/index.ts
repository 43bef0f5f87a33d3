// The dictionary module's public face: ECDICT access, in-context analysis, word bands and lookups.
export { openEcdict, ecdictFile, type Ecdict, type EcdictEntry } from './ecdict.js';
export { analyse, inContext, type TokenInContext } from './lemmatizer.js';
export { tagText } from './coarse-tagger.js';
export { verbInSAfterName } from './pos-rules.js';
export { lineItems } from './ecdict-clean.js';
export { lemmaListing } from './entry-choice.js';
export { dictionaryHasPos } from './pos-lexicon.js';
export { corpusRank, knownAt } from './word-bands.js';
export {
  dictionaryService,
  meaningsOf,
  examLabels,
  pronunciations,
  type DictionaryService,
  type LookupHooks,
} from './dictionary.service.js';
export { dictionaryRoutes } from './dictionary.routes.js';
// Context-sense selection (also used by offline word explanations): `dictionaryService(...).senses(word, sentence)`
// or, with an entry in hand, `sensesInContext(entry, { wordnet }, word, sentence)`.
export { sensesInContext, rankSenses, type SensesInContext, type MeaningInContext, type DefinitionInContext } from './context.js';
export { openWordNet, wordnetDir, type WordNet, type WordNetSense, type WnPos } from './wordnet.js';
export { openCmudict, ecdictToIpa, arpabetToIpa, type Cmudict, type Pronunciation } from './phonetics.js';
export { functionWord, type FunctionWord } from './function-words.js';
export { dictionaryPackService, dictionaryPackRoutes, packWords, type PackSource, type DictionaryPackService } from './pack.js';
export { derivedFile, derivedText, stampOf } from './derived-file.js';
