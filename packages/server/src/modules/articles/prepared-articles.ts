import { createHash } from 'node:crypto';
import { endpoints, type ArticleDetail } from '@changdu/contract';
import { LRUCache } from 'lru-cache';
import { PreparedJson } from '../../lib/prepared-json.js';

/** Which prepared body fits a reader: the article's version, and whether the member lock cuts it. */
export interface BodyKey {
  id: number;
  version: number;
  /** True when a non-member opens a members-only article: the preview, not the whole text. */
  preview: boolean;
}

interface Prepared {
  /** The shared result (everything but `me`) as JSON text, without its closing brace. */
  open: string;
  /** A hash of the text: the ETag's stem, so a tag never outlives its text (even across a database reset). */
  tag: string;
  /** The answer for callers without marks (anonymous), built once: its bytes are encoded once and reused. */
  anonymous: PreparedJson | null;
}

const detailSchema = endpoints['article.show'].output;

/**
 * The reader's article, prepared once per (article, version, preview) and kept in a small LRU
 * (bounded by bytes): the body is read, mapped, checked against the contract and serialised on
 * the first open only. The key carries the row's version, which every write of the row or its key
 * words raises (articles.repo#update, key-words.repo), so an edit in any process is seen at the
 * next open; the personal part (`me`) is written onto the shared text per request.
 */
export function preparedArticles(maxBytes = 16 * 1024 * 1024) {
  const cache = new LRUCache<string, Prepared>({ maxSize: maxBytes, sizeCalculation: (p) => Math.max(1, p.open.length * 2) });
  const keyOf = (k: BodyKey) => `${k.id}:${k.version}:${k.preview ? 'p' : 'f'}`;

  return {
    /** The answer for this reader: the shared body from the cache (built by `build` on a miss) and their `me`. */
    async answer(key: BodyKey, build: () => Promise<Omit<ArticleDetail, 'me'> & { version: number }>, me: ArticleDetail['me']) {
      let prepared = cache.get(keyOf(key));
      if (!prepared) {
        const { version, ...shared } = await build();
        // Checked once per version, here, rather than on every answer: the parse also drops any field the contract does not name.
        const { me: _none, ...checked } = detailSchema.parse({ ...shared, me: null });
        void _none;
        const json = JSON.stringify(checked);
        prepared = { open: json.slice(0, -1), tag: createHash('sha1').update(json).digest('base64url').slice(0, 20), anonymous: null };
        // Stored under the version (and lock) actually read, which a write between the two reads may have changed.
        cache.set(keyOf({ id: key.id, version, preview: checked.preview }), prepared);
      }
      if (!me) return (prepared.anonymous ??= new PreparedJson(`${prepared.open},"me":null}`, `"${prepared.tag}.a"`));
      const mine = `${me.starred ? 's' : '-'}${me.finished ? 'f' : '-'}`;
      return new PreparedJson(`${prepared.open},"me":${JSON.stringify(me)}}`, `"${prepared.tag}.${mine}"`);
    },
    /** How many bodies are held (tests, the bench). */
    get size() {
      return cache.size;
    },
  };
}

export type PreparedArticles = ReturnType<typeof preparedArticles>;
