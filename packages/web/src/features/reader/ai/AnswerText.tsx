import { Fragment } from 'react';
import { Link } from 'react-router';
import { attrValue, revealInText } from '../notes';

const CITATION = /\[(p[0-9a-z]+)(?:-s\d+)?\]/gi;

/** Scrolls to a paragraph of the open article and flashes it. */
export function revealParagraph(pid: string): boolean {
  return revealInText(`[data-pid="${attrValue(pid)}"]`);
}

/**
 * An AI answer as text, its `[p…]` citations turned into links: on the article page they
 * scroll to the paragraph and flash it; elsewhere (`articleId`) they open the article there.
 */
export function AnswerText({
  text,
  articleId,
  paragraphIds,
}: {
  text: string;
  articleId?: number | null;
  /** The open article's paragraph ids, in order: citations are labelled by paragraph number and unknown ids left as text. */
  paragraphIds?: readonly string[];
}) {
  const parts: (string | { pid: string; n: number })[] = [];
  let last = 0;
  const order: string[] = [];
  for (const m of text.matchAll(CITATION)) {
    const pid = m[1]!;
    if (paragraphIds && !paragraphIds.includes(pid)) continue;
    if (!order.includes(pid)) order.push(pid);
    parts.push(text.slice(last, m.index));
    parts.push({ pid, n: paragraphIds ? paragraphIds.indexOf(pid) + 1 : order.indexOf(pid) + 1 });
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return (
    <div className="ai-answer-text">
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : articleId ? (
          <Link key={i} className="ai-cite" to={`/article/${articleId}#${part.pid}`} title="查看原文段落">
            原文{part.n}
          </Link>
        ) : (
          <button key={i} type="button" className="ai-cite" title="跳到原文段落" onClick={() => revealParagraph(part.pid)}>
            第{part.n}段
          </button>
        ),
      )}
    </div>
  );
}

/** "离线" or the model's name: who answered, never dressed up. */
export function AnsweredBy({ offline, model, cached }: { offline: boolean; model: string | null; cached?: boolean }) {
  return (
    <p className="ai-by">
      {offline ? '离线结果（未配置 AI 服务，由本机计算）' : `由 ${model ?? 'AI'} 生成，仅供参考`}
      {cached ? ' · 已缓存' : ''}
    </p>
  );
}

/** The quota-spent message with the membership link, or any other error. */
export function AiError({ error }: { error: { code: string; msg: string } }) {
  return (
    <div className="ai-error" role="alert">
      <p>{error.msg}</p>
      {error.code === '401' && (
        <Link to={`/Login?redirect=${encodeURIComponent(window.location.pathname)}`} className="button button-primary button-small">
          登录后使用 AI 助手
        </Link>
      )}
      {error.code === '429' && (
        <Link to="/member" className="button button-primary button-small">
          开通会员，提高 AI 额度
        </Link>
      )}
    </div>
  );
}
