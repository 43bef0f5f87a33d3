import type { PackWord, WordEntry } from '@changdu/contract';

export interface DictPack {
  article_id: number;
  version: number;
  full: boolean;
  words: PackWord[];
}

/** The tapped form as the server reads it: straight apostrophe, lower case. */
const normal = (word: string) => word.trim().replace(/[’]/g, "'").toLowerCase();

/**
 * The offline answer for a tapped word from the kept dictionary packs: the sentence-less answer
 * (no part of speech in context, no English definition, no exams), every meaning unfolded. A form
 * the article uses finds its headword ("negotiated" → negotiate). `inBook` says whether the headword
 * (asked with its forms) is in the word book as far as the device knows (offline/wordbook-state.ts).
 */
export function answerFromPacks(
  word: string,
  packs: readonly DictPack[],
  inBook: (words: readonly string[]) => boolean = () => false,
): WordEntry | null {
  const query = normal(word);
  if (!query) return null;
  let byForm: PackWord | null = null;
  for (const pack of packs) {
    for (const entry of pack.words) {
      if (entry.word.toLowerCase() === query) return toEntry(entry, word.trim(), inBook([entry.word, ...entry.forms]));
      if (!byForm && entry.forms.includes(query)) byForm = entry;
    }
  }
  return byForm ? toEntry(byForm, word.trim(), inBook([byForm.word, ...byForm.forms])) : null;
}

function toEntry(entry: PackWord, query: string, inWordbook: boolean): WordEntry {
  return {
    word: entry.word,
    query,
    form_of: null,
    pos_in_context: null,
    phonetic: entry.phonetic,
    phonetics: entry.phonetics,
    meanings: entry.meanings.map((m) => ({ ...m, fits: true })),
    // No sentence kept offline: nothing for a provider to settle.
    sense_sure: true,
    definition: null,
    definitions: [],
    function_note: null,
    inflections: [],
    exams: [],
    frequency: null,
    in_wordbook: inWordbook,
    // A pack keeps words, not the sentence a phrase needs.
    phrase: null,
  };
}
