import { NotFound } from '../../lib/errors.js';
import { complete } from '../../providers/ai/index.js';
import type { ArticlesService, EditorialService } from '../articles/index.js';
import { parseParagraphs } from '../articles/index.js';
import { unavailable, type AiCalls } from './calls.js';
import * as prompts from './prompts.js';
import { transKey } from './text-help.js';

/**
 * Re-translates an article's paragraphs (a job a manager or an RSS download started): `cache`
 * keeps the paragraphs' own translations and reuses cached model translations, `ai` asks the
 * provider for the rest. Managers' work, so no reader's quota is counted.
 */
export function retranslateFeature(
  calls: AiCalls,
  deps: { editorial: Pick<EditorialService, 'setTranslations'>; articles: Pick<ArticlesService, 'storedContent'> },
) {
  const { repo, model, provider } = calls;

  return async function retranslate(
    articleId: number,
    options: { ai: boolean; cache: boolean; editorId: number | null },
    progress: (percent: number, message?: string) => Promise<void>,
  ) {
    const content = await deps.articles.storedContent(articleId);
    if (content === null) throw new NotFound('文章不存在');
    const paragraphs = parseParagraphs(content).filter((p) => p.kind !== 'figure' && p.text.trim());
    const zh = new Map<string, string>();
    let kept = 0;
    let fromCache = 0;
    let translated = 0;
    let missing = 0;
    for (const [i, p] of paragraphs.entries()) {
      if (options.cache && p.zh) {
        kept++;
        continue;
      }
      const key = provider ? transKey(model, p.text) : null;
      const hit = options.cache && key ? await repo.cached(key) : null;
      if (hit) {
        zh.set(p.id, hit);
        fromCache++;
      } else if (options.ai && provider) {
        let text: string;
        try {
          text = (await complete(provider, { messages: prompts.transMessages(p.text), maxTokens: 1500 })).text.trim();
        } catch (error) {
          throw unavailable(error);
        }
        await repo.keep(key!, 'trans', model!, text, calls.now());
        zh.set(p.id, text);
        translated++;
      } else {
        missing++;
      }
      await progress(Math.round(((i + 1) / paragraphs.length) * 95), `已处理 ${i + 1}/${paragraphs.length} 段`);
    }
    const detail = `重新翻译：${translated} 段由 AI 翻译，${fromCache} 段来自缓存，${kept} 段保留原译文${missing ? `，${missing} 段没有译文` : ''}`;
    await deps.editorial.setTranslations(articleId, zh, options.editorId === null ? null : { id: options.editorId }, detail);
    await progress(100, detail);
    return { article_id: articleId, translated, from_cache: fromCache, kept, missing, link: `/admin/article/${articleId}` };
  };
}
