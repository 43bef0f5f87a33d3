import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ratingLabels } from '@changdu/contract';
import { RATINGS, sessionStats, type SessionResult } from '../lib/flashcard-session';
import { durationText, percentText } from '../lib/wordbook-format';
import '../styles/words.css';
import '../styles/flashcards.css';

export interface FlashcardFinishProps {
  results: readonly SessionResult[];
  onAgain?: () => void;
  againPending?: boolean;
  backTo: string;
  note?: ReactNode;
}

/** The end of a session: how many cards, how long, how each was rated, and how many were remembered. */
export function FlashcardFinish({ results, onAgain, againPending = false, backTo, note }: FlashcardFinishProps) {
  const stats = sessionStats(results);
  return (
    <section className="flashcard-finish card" aria-labelledby="flashcard-finish-title" data-testid="flashcard-finish">
      <h2 id="flashcard-finish-title" className="flashcard-finish-title">
        {stats.cards ? '本组完成' : '这一组没有卡片'}
      </h2>
      {stats.cards > 0 && (
        <>
          <dl className="word-stats word-stats-3">
            <div>
              <dt>卡片</dt>
              <dd data-testid="finish-cards">{stats.cards} 张</dd>
            </div>
            <div>
              <dt>用时</dt>
              <dd data-testid="finish-time">{durationText(stats.spent)}</dd>
            </div>
            <div>
              <dt>本组记住率</dt>
              <dd data-testid="finish-retention">{percentText(stats.retention)}</dd>
            </div>
          </dl>
          <ul className="rating-tally" aria-label="评分统计">
            {RATINGS.map((rating) => (
              <li key={rating} data-rating={rating}>
                <span className="rating-tally-label">{ratingLabels[rating]}</span>
                <span className="rating-tally-count">{stats.byRating[rating]}</span>
              </li>
            ))}
          </ul>
          <p className="muted flashcard-finish-note">
            {`共评分 ${stats.reviews} 次${stats.reviews > stats.cards ? `，其中 ${stats.reviews - stats.cards} 次是忘记后的再次复习` : ''}。`}
            {'记住率按每张卡片第一次的评分计算（忘记以外都算记住）。'}
          </p>
        </>
      )}
      {note}
      <div className="flashcard-finish-actions">
        {onAgain && (
          <button type="button" className="button button-primary" onClick={onAgain} disabled={againPending} aria-busy={againPending}>
            {againPending && <span className="spinner spinner-inline" aria-hidden="true" />}
            再来一组
          </button>
        )}
        <Link to={backTo} className="button button-secondary">
          返回
        </Link>
      </div>
    </section>
  );
}
