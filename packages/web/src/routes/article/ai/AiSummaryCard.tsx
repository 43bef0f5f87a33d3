import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSummaryStream } from '../../../api/ai.queries';
import { AnsweredBy, revealParagraph } from '../../../features/reader/ai/AnswerText';
import '../../../styles/ai.css';

/**
 * The summary card at the top of the article: the model's summary, written as it streams, or
 * offline the key sentences (TextRank) with their own stored Chinese (aligned in the paragraph's
 * translation; the paragraph's, labelled 整段译文, when it could not be aligned), each a link to
 * its paragraph. It also honours `#p…` in the address (citations from /askai land on their paragraph).
 */
export function AiSummaryCard({ articleId }: { articleId: number }) {
  const [open, setOpen] = useState(false);
  // Asked for when the reader opens the card: a closed card costs no request (and no model call),
  // and leaving the page cannot cut a stream nobody was reading.
  const summary = useSummaryStream(articleId, open);
  useEffect(() => {
    const pid = window.location.hash.slice(1);
    if (!/^p[0-9a-z]+$/i.test(pid)) return;
    const timer = window.setTimeout(() => revealParagraph(pid), 300);
    return () => window.clearTimeout(timer);
  }, [articleId]);
  const s = summary.result;
  // A failed or empty summary leaves the article as it was: the card is a help, not part of the text.
  if (summary.error || (s && !s.text && s.sentences.length === 0)) return null;
  // Closed until the reader opens it, and one row high whatever arrives, so the text under it never
  // moves (the server draws the same row: contract reader-html.ts).
  const busy = open && !s;
  return (
    <details className="ai-summary card" aria-label="摘要" aria-busy={busy} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="ai-summary-title">
        {s ? (s.offline ? '要点句' : 'AI 摘要') : '摘要'}
        <span className="ai-summary-state">{busy ? '生成中…' : open ? '收起' : '展开'}</span>
      </summary>
      {!open ? null : !s ? (
        <p className="ai-summary-text" aria-live="polite">
          {summary.text}
          {summary.running && <span className="ai-caret" aria-hidden="true" />}
        </p>
      ) : (
        <>
          {s.offline ? (
            <ol className="ai-summary-list">
              {s.sentences.map((x, i) => (
                <li key={i}>
                  <button type="button" className="ai-summary-sentence" onClick={() => revealParagraph(x.paragraph_id)}>
                    <span lang="en">{x.en}</span>
                  </button>
                  {x.zh && (
                    <p className="ai-summary-zh">
                      {x.zh_scope === 'paragraph' && <span className="ai-scope">整段译文</span>}
                      <span>{x.zh}</span>
                    </p>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p className="ai-summary-text">{s.text}</p>
          )}
          <AnsweredBy offline={s.offline} model={s.model} cached={s.cached} />
          <Link to={`/flashcard/articleQuestion?id=${articleId}`} className="ai-more">
            读完了？做几道理解题
          </Link>
        </>
      )}
    </details>
  );
}
