import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useArticleReviewBatch, useReviewCard } from '../../api/words.queries';
import { FlashcardSession, type GradeCard } from '../../components/FlashcardSession';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import '../../styles/words.css';
import '../../styles/flashcards.css';

/** `/flashcard/reviewArticleWords?article_id={id}`: a session over my word-book words met in one article. */
export function ReviewArticleWords() {
  return (
    <div className="page flashcard-page">
      <PageHeader title="复习本文生词" back />
      <RequireLogin>
        <ArticleSession />
      </RequireLogin>
    </div>
  );
}

function ArticleSession() {
  const [params] = useSearchParams();
  const articleId = Number(params.get('article_id'));
  const batch = useArticleReviewBatch(articleId);
  const review = useReviewCard({ keepSession: true });
  const [round, setRound] = useState(0);
  const [loadingNext, setLoadingNext] = useState(false);

  if (!Number.isInteger(articleId) || articleId <= 0) {
    return (
      <p className="empty">
        没有指定文章。<Link to="/">去读文章</Link>
      </p>
    );
  }
  if (batch.isLoading) return <Spinner label="正在准备卡片" />;
  if (batch.error || !batch.data) {
    return <LoadFailed title="卡片没有加载出来" message={batch.error?.msg ?? ''} onRetry={() => void batch.refetch()} />;
  }
  // The sentence from this article first, where the word was met there too.
  const cards = batch.data.list.map((card) => ({
    ...card,
    contexts: [...card.contexts].sort((a, b) => Number(b.article_id === articleId) - Number(a.article_id === articleId)),
  }));
  const title = cards.flatMap((c) => c.contexts).find((c) => c.article_id === articleId)?.article_title;
  const articleLink = (
    <Link to={`/article/${articleId}`} lang={title ? 'en' : undefined}>
      {title ? `《${title}》` : '这篇文章'}
    </Link>
  );
  if (cards.length === 0) {
    return (
      <div className="card welcome-card flashcard-empty">
        <h2 className="welcome-title">这篇文章里没有你的生词</h2>
        <p className="welcome-text">阅读时点按不认识的词，选“加入生词本”，之后就能在这里集中复习。</p>
        <div className="welcome-actions">
          <Link className="button button-primary" to={`/article/${articleId}`}>
            回到文章
          </Link>
        </div>
      </div>
    );
  }

  const grade: GradeCard = (card, rating, spent) => review.mutateAsync({ id: card.id, rating, spent, reps: card.reps });
  return (
    <>
      <p className="flashcard-session-intro">
        {articleLink} 里有你生词本中的 {cards.length} 个词，这一组全部复习（包括还没到期的）
      </p>
      <FlashcardSession
        key={round}
        cards={cards}
        grade={grade}
        backTo={`/article/${articleId}`}
        againPending={loadingNext}
        onAgain={() => {
          setLoadingNext(true);
          void batch.refetch().finally(() => {
            setLoadingNext(false);
            setRound((r) => r + 1);
          });
        }}
      />
    </>
  );
}
