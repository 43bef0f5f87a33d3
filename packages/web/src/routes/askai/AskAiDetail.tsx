import { Link, useParams } from 'react-router';
import { useAsk } from '../../api/ai.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatRelative } from '../../lib/format';
import { AnswerText, AnsweredBy } from '../../features/reader/ai/AnswerText';
import { AskForm } from './AskForm';
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
          <AskForm
            about={{
              ...(a.article_id ? { article_id: a.article_id, source: 'ARTICLE' as const } : { source: 'FREE' as const }),
              ...(a.pos ? { pos: a.pos } : {}),
            }}
            label="追问"
            placeholder="继续追问"
            submit="追问"
          />
        </article>
      ) : null}
    </div>
  );
}
