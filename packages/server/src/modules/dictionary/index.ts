// The dictionary module's public face: ECDICT access, in-context analysis, word bands and lookups.
export { openEcdict, ecdictFile, type Ecdict, type EcdictEntry } from './ecdict.js';
export { analyse, inContext, type TokenInContext } from './lemmatizer.js';
export { corpusRank, knownAt } from './word-bands.js';
export { dictionaryService, meaningsOf, examLabels, type DictionaryService, type LookupHooks } from './dictionary.service.js';
export { dictionaryRoutes } from './dictionary.routes.js';
