import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { REVIEW_BATCH } from '@changdu/contract';
import { useReviewBatch, useReviewCard } from '../../api/words.queries';
import { FlashcardSession, type GradeCard } from '../../components/FlashcardSession';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import '../../styles/words.css';
import '../../styles/flashcards.css';

/** `/flashcard/start[?force=1]`: a session over the next due cards (15 a batch); force brings cards not yet due. */
export function ReviewStart() {
  return (
    <div className="page flashcard-page">
      <PageHeader title="复习" back />
      <RequireLogin>
        <StartSession />
      </RequireLogin>
    </div>
  );
}

function StartSession() {
  const [params] = useSearchParams();
  const force = params.get('force') === '1' || params.get('force') === 'true';
  const batch = useReviewBatch(force, REVIEW_BATCH);
  const review = useReviewCard({ keepSession: true });
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [loadingNext, setLoadingNext] = useState(false);

  // The batch is kept (never refetched) while its session runs; the next visit starts from a fresh one.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: ['words.next'], refetchType: 'none' }), [queryClient]);

  if (batch.isLoading) return <Spinner label="正在准备卡片" />;
  if (batch.error || !batch.data) {
    return <LoadFailed title="卡片没有加载出来" message={batch.error?.msg ?? ''} onRetry={() => void batch.refetch()} />;
  }
  if (batch.data.list.length === 0) return <NothingDue force={force} />;

  const grade: GradeCard = (card, rating, spent) => review.mutateAsync({ id: card.id, rating, spent, reps: card.reps });
  const nextRound = () => {
    setLoadingNext(true);
    void batch.refetch().finally(() => {
      setLoadingNext(false);
      setRound((r) => r + 1);
    });
  };
  return (
    <FlashcardSession
      key={`${force}:${round}`}
      cards={batch.data.list}
      grade={grade}
      onAgain={nextRound}
      againPending={loadingNext}
      backTo="/flashcard"
    />
  );
}

function NothingDue({ force }: { force: boolean }) {
  return (
    <div className="card welcome-card flashcard-empty" data-testid="flashcard-all-done">
      {force ? (
        <>
          <h2 className="welcome-title">没有可以复习的词</h2>
          <p className="welcome-text">生词本还是空的。阅读时点按生词，选“加入生词本”，就能在这里复习。</p>
          <div className="welcome-actions">
            <Link className="button button-primary" to="/">
              去读文章
            </Link>
            <Link className="button button-secondary" to="/flashcard/demo">
              试试演示
            </Link>
          </div>
        </>
      ) : (
        <>
          <h2 className="welcome-title">今天的复习完成了</h2>
          <p className="welcome-text">现在没有到期的卡片。想多练一会儿，可以提前复习还没到期的词。</p>
          <div className="welcome-actions">
            <Link className="button button-primary" to="/flashcard/start?force=1">
              提前复习
            </Link>
            <Link className="button button-secondary" to="/flashcard">
              返回
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
