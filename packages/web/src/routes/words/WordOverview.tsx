import { Link } from 'react-router';
import { cardStateLabels, cardStates } from '@changdu/contract';
import type { Output } from '../../api/client';
import { percentText } from '../../lib/wordbook-format';

export type Overview = Output<'words.overview'>;

/** Today's numbers: due now (the big one), due today, reviewed today, streak. */
export function TodayStats({ overview }: { overview: Overview }) {
  return (
    <dl className="word-stats">
      <div className="word-stat-main">
        <dt>现在待复习</dt>
        <dd data-testid="due-now">{overview.due_now}</dd>
      </div>
      <div>
        <dt>今天到期</dt>
        <dd data-testid="due-today">{overview.due_today}</dd>
      </div>
      <div>
        <dt>今天已复习</dt>
        <dd data-testid="reviewed-today">{overview.reviewed_today}</dd>
      </div>
      <div>
        <dt>连续复习</dt>
        <dd data-testid="streak">{overview.streak} 天</dd>
      </div>
    </dl>
  );
}

/** The word book's header: today's numbers, the book by state, retention, and the way into a review. */
export function WordBookOverview({ overview }: { overview: Overview }) {
  return (
    <section className="card word-overview" aria-label="生词本概况">
      <TodayStats overview={overview} />
      <ul className="word-state-counts" aria-label="按状态">
        <li>
          <span>全部</span>
          <strong data-testid="word-total">{overview.total}</strong>
        </li>
        {cardStates.map((state) => (
          <li key={state} data-state={state}>
            <span>{cardStateLabels[state]}</span>
            <strong>{overview.by_state[state] ?? 0}</strong>
          </li>
        ))}
        <li>
          <span title="近 30 天复习中卡片的回答里，没有忘记的比例">30 天记住率</span>
          <strong data-testid="retention">{percentText(overview.retention_30d)}</strong>
        </li>
      </ul>
      <div className="word-overview-actions">
        <Link to="/flashcard/start" className={`button ${overview.due_now > 0 ? 'button-primary' : 'button-secondary'}`}>
          开始复习
        </Link>
        <Link to="/flashcard" className="button button-ghost">
          今日复习
        </Link>
      </div>
    </section>
  );
}
