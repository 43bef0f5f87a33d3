import { Link } from 'react-router';
import type { LearnerProfile } from '@changdu/contract';
import { useLearnerProfile } from '../../api/learner.queries';
import { formatDate } from '../../lib/format';
import { levelGloss } from './levels';
import '../../styles/learner.css';

/** Known words over time: a line over the days the count changed (SVG, no chart library). */
export function KnownChart({ points }: { points: LearnerProfile['known_by_day'] }) {
  if (points.length < 2) {
    // One day is a point, not a line: say it in words until there is a second day to draw.
    return (
      <p className="vocab-empty">
        {points.length === 1 ? `${points[0]!.day} 起认识 ${points[0]!.known.toLocaleString('zh-CN')} 个词。` : ''}
        标记认识的词、做词汇量测试或读完文章，过几天这里会画出你认识的词的增长。
      </p>
    );
  }
  const W = 320;
  const H = 96;
  const max = Math.max(...points.map((p) => p.known), 1);
  const x = (i: number) => (points.length === 1 ? W / 2 : (i / (points.length - 1)) * (W - 8) + 4);
  const y = (v: number) => H - 6 - (v / max) * (H - 16);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.known).toFixed(1)}`).join(' ');
  const last = points[points.length - 1]!;
  return (
    <figure className="vocab-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`认识的词：从 ${points[0]!.known} 到 ${last.known}（${points[0]!.day} 至 ${last.day}）`}
      >
        <path d={`${path} L${x(points.length - 1).toFixed(1)},${H} L${x(0).toFixed(1)},${H} Z`} className="vocab-chart-area" />
        <path d={path} className="vocab-chart-line" />
        {points.map((p, i) => (
          <circle key={p.day} cx={x(i)} cy={y(p.known)} r={points.length > 30 ? 0 : 2.5} className="vocab-chart-dot" />
        ))}
      </svg>
      <figcaption className="vocab-chart-caption">
        <span>{points[0]!.day}</span>
        <span>{last.day}</span>
      </figcaption>
    </figure>
  );
}

/** 我的词汇 on /Mine: known and learning counts, the latest vocabulary estimate, known words over time. */
export function VocabularyCard() {
  const profile = useLearnerProfile();
  if (!profile.data) return null;
  const p = profile.data;
  return (
    <section className="section" aria-labelledby="vocab-title">
      <h2 className="section-title" id="vocab-title">
        我的词汇
      </h2>
      <div className="card vocab-card">
        <dl className="vocab-figures">
          <div>
            <dt>认识</dt>
            <dd data-testid="vocab-known">{p.known_words.toLocaleString('zh-CN')}</dd>
          </div>
          <div>
            <dt>在学</dt>
            <dd>{p.learning_words.toLocaleString('zh-CN')}</dd>
          </div>
          <div>
            <dt>词汇量估计</dt>
            <dd>{p.vocabulary_estimate === null ? '—' : `≈ ${p.vocabulary_estimate.toLocaleString('zh-CN')}`}</dd>
          </div>
        </dl>
        {p.level && (
          <p className="vocab-level">
            {p.level} · {levelGloss(p.level)}
            {p.estimated_at && <span className="vocab-date">（{formatDate(p.estimated_at)} 测）</span>}
          </p>
        )}
        <KnownChart points={p.known_by_day} />
        <Link to="/learner/placement" className="button button-secondary button-block">
          {p.vocabulary_estimate === null ? '测一测词汇量（约 3 分钟）' : '重新测试词汇量'}
        </Link>
        <Link to="/learner/import" className="button button-ghost button-block">
          导入词表（文本文件或 Anki 导出）
        </Link>
      </div>
    </section>
  );
}
