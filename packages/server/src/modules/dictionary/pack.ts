import type { Paragraph, PackWord } from '@changdu/contract';
import type { Handlers } from '../../http/register-endpoints.js';
import type { Actor } from '../../lib/actor.js';
import { meaningsOf, pronunciations } from './dictionary.service.js';
import type { Ecdict } from './ecdict.js';
import { analyse } from './lemmatizer.js';
import { ecdictToIpa, openCmudict, type Cmudict } from './phonetics.js';

/** What the pack needs of an article: the paragraphs the caller may read, and the article's version. */
export interface PackSource {
  paragraphs: Paragraph[];
  version: number;
  /** False when the caller may read only the preview of a members-only article. */
  full: boolean;
}

/** Names, numbers and punctuation are not looked up; everything else a reader may tap is. */
const SKIP_POS = new Set(['PROPN', 'NUM', 'PUNCT', 'SYM', 'SPACE', 'X']);
const CACHE_LIMIT = 200;

/**
 * Every headword of the paragraphs with the forms used, its phonetics and Chinese meanings, in
 * order of first appearance: what the offline reader answers a tapped word from (web sw.ts). No
 * sentence, so no part of speech in context: the sentence-less answer of `dict.word`.
 */
export function packWords(paragraphs: Paragraph[], dict: Ecdict, cmudict: Cmudict): PackWord[] {
  const found = new Map<string, PackWord>();
  for (const p of paragraphs) {
    if (p.kind === 'figure') continue;
    for (const token of analyse(p.text)) {
      if (SKIP_POS.has(token.pos) || !/^[a-z][a-z'-]*$/i.test(token.text)) continue;
      const surface = token.text.toLowerCase();
      const entry = dict.lookup(token.lemma) ?? dict.lemma(surface) ?? dict.lookup(surface);
      if (!entry) continue;
      const key = entry.word.toLowerCase();
      const seen = found.get(key);
      if (seen) {
        if (!seen.forms.includes(surface)) seen.forms.push(surface);
        continue;
      }
      found.set(key, {
        word: entry.word,
        forms: [surface],
        phonetic: entry.phonetic ? ecdictToIpa(entry.phonetic) : null,
        phonetics: pronunciations(entry, cmudict),
        meanings: meaningsOf(entry),
      });
    }
  }
  return [...found.values()];
}

/**
 * The article's dictionary pack, made once per article version and readable part (a members-only
 * article's preview and full text make different packs), kept for the most recent 200.
 */
export function dictionaryPackService(
  read: (actor: Actor, id: number) => Promise<PackSource>,
  dict: Ecdict,
  cmudict: Cmudict = openCmudict(),
) {
  const made = new Map<string, PackWord[]>();
  return {
    async of(actor: Actor, articleId: number) {
      const source = await read(actor, articleId);
      const key = `${articleId}:${source.version}:${source.full ? 'full' : 'preview'}`;
      let words = made.get(key);
      if (!words) {
        words = packWords(source.paragraphs, dict, cmudict);
        if (made.size >= CACHE_LIMIT) made.delete(made.keys().next().value!);
        made.set(key, words);
      } else {
        // Most recently used last, so the oldest pack is the one dropped.
        made.delete(key);
        made.set(key, words);
      }
      return { article_id: articleId, version: source.version, full: source.full, words };
    },
  };
}

export type DictionaryPackService = ReturnType<typeof dictionaryPackService>;

export function dictionaryPackRoutes(packs: DictionaryPackService): Pick<Handlers, 'dict.pack'> {
  return { 'dict.pack': (input, ctx) => packs.of(ctx.actor, input.article_id) };
}
