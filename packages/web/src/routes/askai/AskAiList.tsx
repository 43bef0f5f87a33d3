import { Link } from 'react-router';
import { useAskHistory } from '../../api/ai.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatRelative } from '../../lib/format';
import { AiUsageCard } from './AiUsageCard';
import { AskForm } from './AskForm';
import '../../styles/ai.css';

/** 我的提问: my questions across articles, newest first, and a free question box. */
export function AskAiList() {
  return (
    <RequireLogin>
      <AskAiScreen />
    </RequireLogin>
  );
}

function AskAiScreen() {
  const query = useAskHistory();
  const asks = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page">
      <PageHeader title="问 AI" back />
      <section className="section">
        <AskForm about={{ source: 'FREE' }} label="你的问题" placeholder="问一个英语学习的问题" submit="提问" />
      </section>
      <section className="section">
        <h2 className="section-title">我的提问</h2>
        {query.isPending ? (
          <Spinner />
        ) : query.error ? (
          <LoadFailed message={query.error.msg} onRetry={() => void query.refetch()} />
        ) : asks.length === 0 ? (
          <p className="empty">还没有提问。在文章里选中一句话，点“问 AI”。</p>
        ) : (
          <ul className="ai-list">
            {asks.map((a) => (
              <li key={a.id}>
                <Link to={`/askai/${a.id}`} className="ai-list-item card">
                  <p className="ai-list-prompt">{a.prompt}</p>
                  <p className="ai-list-answer">{a.answer.replace(/\[p[0-9a-z]+(?:-s\d+)?\]/gi, '').slice(0, 90)}</p>
                  <p className="ai-list-meta">
                    {a.article_title ? `《${a.article_title}》 · ` : ''}
                    {formatRelative(a.created_at)}
                    {a.offline ? ' · 离线' : ''}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
      </section>
      <AiUsageCard />
    </div>
  );
}
