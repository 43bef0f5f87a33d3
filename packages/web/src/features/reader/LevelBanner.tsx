import { levelLabels, type ExamLevel } from '@changdu/contract';

/** Says which words of the text are marked as beyond the chosen level; `count` is null while they load. */
export function LevelBanner({ level, count }: { level: ExamLevel | null; count: number | null }) {
  if (!level) return null;
  return (
    <p className="level-banner" role="status">
      {count !== null ? `已标出超出${levelLabels[level]}的 ${count} 个词，点词看释义` : `正在标出超出${levelLabels[level]}的词…`}
    </p>
  );
}
