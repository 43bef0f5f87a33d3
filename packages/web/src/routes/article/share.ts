import type { ArticleDetail } from '@changdu/contract';
import { copyText } from '../../lib/clipboard';
import { isInApp, share } from '../../lib/native-bridge';
import { toast } from '../../lib/toast';

/** The spec's share text (§9), in Chinese: 分享文章《title》（author）：url（来自畅读）. */
export function shareText(article: Pick<ArticleDetail, 'title' | 'author' | 'source'>, url: string): string {
  const by = article.author?.name ?? article.source;
  return `分享文章《${article.title}》${by ? `（${by}）` : ''}：${url}（来自畅读）`;
}

/**
 * Shares an article: the app's share sheet inside the app, the Web Share sheet where the
 * browser has one, otherwise the text is copied.
 */
export async function shareArticle(article: Pick<ArticleDetail, 'id' | 'title' | 'author' | 'source'>): Promise<void> {
  const url = `${window.location.origin}/article/${article.id}`;
  const text = shareText(article, url);
  if (isInApp() && (await share(text))) return;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: article.title, text });
      return;
    } catch (error) {
      // The reader closed the sheet: nothing more to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (await copyText(text)) toast('分享文字已复制，去粘贴给朋友吧');
}
