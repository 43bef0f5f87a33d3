import type { ArticleLevel, ArticleStatus } from '@changdu/contract';
import { levelLabel, statusLabel, topicLabel } from '../lib/articles';

/** The difficulty grade as a chip; the level is also a data attribute for its colour. */
export function LevelChip({ level }: { level: ArticleLevel }) {
  return (
    <span className="chip chip-level" data-level={level}>
      {levelLabel(level)}
    </span>
  );
}

export function TopicChip({ topic }: { topic: string }) {
  return <span className="chip chip-topic">{topicLabel(topic)}</span>;
}

/** Members-only mark: a drawn lock (emoji fonts are missing on some systems) and the word. */
export function LockMark() {
  return (
    <span className="chip chip-lock" title="会员文章">
      <svg viewBox="0 0 16 16" width="11" height="11" aria-hidden="true">
        <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
        <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      会员
    </span>
  );
}

export function StatusChip({ status }: { status: ArticleStatus }) {
  return (
    <span className="chip chip-status" data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
