import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useStream } from '../../api/ai-stream';
import { useAsk } from '../../api/ai.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatRelative } from '../../lib/format';
import { AiError, AnswerText, AnsweredBy } from '../article/ai/AnswerText';
import '../../styles/ai.css';

/** One conversation: the question, the answer with its citations, and a follow-up. */
export function AskAiDetail() {
  return (
    <RequireLogin>
      <AskAiDetailScreen />
    </RequireLogin>
  );
}

function AskAiDetailScreen() {
  const id = Number(useParams().id);
  const ask = useAsk(id);
  const [follow, setFollow] = useState('');
  const more = useStream('ai.ask');
  const navigate = useNavigate();
  const a = ask.data;
  return (
    <div className="page">
      <PageHeader title="问 AI" back />
      {ask.isPending ? (
        <Spinner />
      ) : ask.error ? (
        <LoadFailed message={ask.error.msg} onRetry={() => void ask.refetch()} />
      ) : a ? (
        <article className="ai-thread">
          <p className="ai-list-meta">
            {a.article_id && a.article_title ? <Link to={`/article/${a.article_id}`}>《{a.article_title}》</Link> : '自由提问'} ·{' '}
            {formatRelative(a.created_at)}
          </p>
          <p className="ai-question">{a.prompt}</p>
          <div className="ai-answer">
            <AnswerText text={a.answer} articleId={a.article_id} />
          </div>
          {a.citations.length > 0 && a.article_id && (
            <p className="ai-citations">
              引用段落：
              {a.citations.map((pid, i) => (
                <Link key={pid} to={`/article/${a.article_id}#${pid}`} className="ai-cite">
                  原文{i + 1}
                </Link>
              ))}
            </p>
          )}
          <AnsweredBy offline={a.offline} model={a.model} />
          <form
            className="ai-ask-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!follow.trim()) return;
              void more
                .start({
                  prompt: follow.trim(),
                  ...(a.article_id ? { article_id: a.article_id, source: 'ARTICLE' as const } : { source: 'FREE' as const }),
                  ...(a.pos ? { pos: a.pos } : {}),
                  stream: true,
                })
                .then((result) => {
                  if (result) {
                    setFollow('');
                    void navigate(`/askai/${result.id}`);
                  }
                });
            }}
          >
            <input
              className="input"
              value={follow}
              maxLength={1000}
              placeholder="继续追问"
              onChange={(e) => setFollow(e.target.value)}
              aria-label="追问"
            />
            <button type="submit" className="button button-primary" disabled={more.running}>
              追问
            </button>
          </form>
          {more.running && <div className="ai-answer ai-answer-text">{more.text}</div>}
          {more.error && <AiError error={more.error} />}
        </article>
      ) : null}
    </div>
  );
}
