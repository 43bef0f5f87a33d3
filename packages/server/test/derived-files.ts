import { openWordVectors } from '../src/modules/dictionary/word-vectors.js';

/**
 * Builds, once per machine and before any worker starts, the dictionary's derived file that takes
 * seconds to make (the word vectors, ~5 s): otherwise the first look-up of every worker would make
 * it at once, each in its own process, inside some test's time.
 */
export default function setup(): void {
  openWordVectors().vector('the');
}
