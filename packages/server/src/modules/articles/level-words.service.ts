import type { ExamLevel } from '@changdu/contract';
import type { Actor } from '../../lib/actor.js';
import type { Ecdict } from '../dictionary/index.js';
import { toDetail } from './article.mapper.js';
import type { ArticlesService } from './articles.service.js';
import { levelWords, type LevelWord } from './level-words.js';

const CACHE_LIMIT = 500;

/** Words of an article beyond a reader's exam level, over what the caller may read. */
export function levelWordsService(articles: Pick<ArticlesService, 'readable'>, dict: Ecdict) {
  // Level words depend only on the article's text and the level: cached until the article changes.
  const cache = new Map<string, LevelWord[]>();

  return {
    /** A non-member gets the level words of a locked article's preview only. */
    async of(id: number, level: ExamLevel, actor: Actor) {
      const { row, full } = await articles.readable(actor, id);
      const detail = toDetail(row, full);
      const key = `${id}:${row.updated_at}:${level}:${detail.preview}`;
      let list = cache.get(key);
      if (!list) {
        list = levelWords(detail.paragraphs, level, dict);
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
        cache.set(key, list);
      }
      return { level, list };
    },
  };
}

export type LevelWordsService = ReturnType<typeof levelWordsService>;
