import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Codes, cardStateLabels, ratingLabels, type WordEntry } from '@changdu/contract';
import type { Output } from '../../api/client';
import { useWordDetail } from '../../api/words.queries';
import { MarkedSentence, Meaning, phoneticText } from '../../components/FlashcardCard';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatDateTime } from '../../lib/format';
import { dueText, durationText, scheduledText } from '../../lib/wordbook-format';
import { DeleteWordDialog } from './DeleteWordDialog';
import '../../styles/words.css';
import '../../styles/word-detail.css';

type Detail = Output<'words.detail'>;

/** `/myword/{word}/show`: the dictionary entry, every sentence met, the schedule and its history. */
export function WordDetail() {
  const { word = '' } = useParams();
  return (
    <div className="page">
      <PageHeader title={word} back documentTitle={`${word} · 生词本`} />
      <RequireLogin>
        <WordDetailBody word={word} />
      </RequireLogin>
    </div>
  );
}

function WordDetailBody({ word }: { word: string }) {
  const detail = useWordDetail(word);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  if (detail.isLoading) return <Spinner />;
  if (detail.error?.code === Codes.NOT_FOUND) {
    return (
      <div className="empty">
        <p>生词本里没有“{word}”</p>
        <p>
          <Link to="/myword">回到生词本</Link>
        </p>
      </div>
    );
  }
  if (detail.error || !detail.data) {
    return <LoadFailed title="这个词没有加载出来" message={detail.error?.msg ?? ''} onRetry={() => void detail.refetch()} />;
  }
  const d = detail.data;
  const forms = d.entry?.inflections.map((i) => i.form) ?? [];
  return (
    <>
      <EntryCard detail={d} />
      <section className="section" aria-labelledby="word-contexts-title">
        <h2 id="word-contexts-title" className="section-title">
          例句 · {d.contexts.length}
        </h2>
        <ul className="word-contexts card">
          {d.contexts.map((c, i) => (
            <li key={i} className="word-context">
              {c.sentence ? (
                <p className="word-context-sentence" lang="en">
                  <MarkedSentence sentence={c.sentence} word={d.item.word} forms={c.form ? [c.form, ...forms] : forms} />
                </p>
              ) : (
                <p className="muted">（加入时没有例句）</p>
              )}
              <p className="word-context-meta">
                {c.article_id ? (
                  <Link to={`/article/${c.article_id}`} lang="en">
                    《{c.article_title ?? `文章 ${c.article_id}`}》
                  </Link>
                ) : null}
                <span>{formatDate(c.created_at)} 加入</span>
              </p>
            </li>
          ))}
        </ul>
      </section>
      <Schedule detail={d} />
      <History reviews={d.reviews} />
      <div className="word-detail-actions">
        <Link to="/myword" className="button button-secondary">
          回到生词本
        </Link>
        <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
          删除这个词
        </button>
      </div>
      <DeleteWordDialog
        word={deleting ? d.item.word : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/myword', { replace: true })}
      />
    </>
  );
}

function EntryCard({ detail }: { detail: Detail }) {
  const { item } = detail;
  const entry: WordEntry | null = detail.entry;
  const phonetic = entry?.phonetic ?? item.phonetic;
  return (
    <section className="card word-entry" aria-label="释义">
      <div className="word-entry-head">
        <h2 className="word-entry-word" lang="en">
          {entry?.word ?? item.word}
        </h2>
        <span className="chip word-state" data-state={item.state}>
          {cardStateLabels[item.state]}
        </span>
      </div>
      {phonetic && <p className="word-entry-phonetic">{phoneticText(phonetic)}</p>}
      {entry && entry.exams.length > 0 && (
        <ul className="chip-cloud word-entry-exams" aria-label="考试">
          {entry.exams.map((exam) => (
            <li key={exam} className="chip chip-topic">
              {exam}
            </li>
          ))}
        </ul>
      )}
      {entry && entry.meanings.length > 0 ? (
        <ul className="word-entry-meanings">
          {keptFirst(entry.meanings, item.meaning).map((m, i) => (
            <li key={i}>{m.pos ? <Meaning text={`${m.pos} ${m.text}`} /> : m.text}</li>
          ))}
        </ul>
      ) : (
        <p className="word-entry-meanings">{item.meaning ?? '词典里没有这个词的释义'}</p>
      )}
      {entry?.definition && (
        <p className="word-entry-definition" lang="en">
          <span className="word-entry-label">英文释义</span>
          {entry.definition}
        </p>
      )}
      {entry && entry.inflections.length > 0 && (
        <p className="word-entry-forms">
          <span className="word-entry-label">词形变化</span>
          {entry.inflections.map((f) => (
            <span key={f.label} className="word-entry-form">
              {f.label} <span lang="en">{f.form}</span>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}

function Schedule({ detail }: { detail: Detail }) {
  const { item, intervals } = detail;
  return (
    <section className="section" aria-labelledby="word-schedule-title">
      <h2 id="word-schedule-title" className="section-title">
        复习安排
      </h2>
      <div className="card word-schedule">
        <p className="word-schedule-due">
          下次复习：<strong data-testid="word-next-due">{item.state === 'new' ? '待学习' : dueText(item.due)}</strong>
          {item.state !== 'new' && <span className="muted"> {formatDateTime(item.due)}</span>}
        </p>
        <p className="muted">
          已复习 {item.reps} 次，忘记过 {item.lapses} 次{item.last_review ? `，上次在 ${formatDateTime(item.last_review)}` : ''}
        </p>
        <p className="word-schedule-caption">现在复习的话，各个评分安排的下次复习：</p>
        <ul className="word-intervals" aria-label="各评分的下次间隔">
          {intervals.map((i) => (
            <li key={i.rating} data-rating={i.rating}>
              <span className="word-interval-label">{i.label}</span>
              <span className="word-interval-value">{i.interval}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function History({ reviews }: { reviews: Detail['reviews'] }) {
  return (
    <section className="section" aria-labelledby="word-history-title">
      <h2 id="word-history-title" className="section-title">
        复习记录
      </h2>
      {reviews.length === 0 ? (
        <p className="card muted">还没有复习过这个词</p>
      ) : (
        <ol className="card word-history">
          {reviews.map((r, i) => (
            <li key={i} className="word-history-row">
              <span className="rating-chip" data-rating={r.rating}>
                {r.label || ratingLabels[r.rating as 1 | 2 | 3 | 4]}
              </span>
              <span className="word-history-main">
                <span>{formatDateTime(r.review)}</span>
                <span className="muted">
                  复习前{cardStateLabels[r.state]} · 间隔 {scheduledText(r.scheduled_days)}
                  {r.spent > 0 ? ` · 用时 ${durationText(r.spent)}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The dictionary's meanings with the one the card kept (the sheet's, for its sentence) first. */
function keptFirst<M extends { pos: string | null; text: string }>(meanings: readonly M[], kept: string | null): M[] {
  const isKept = (m: M) => `${m.pos ? `${m.pos} ` : ''}${m.text}` === kept;
  return [...meanings.filter(isKept), ...meanings.filter((m) => !isKept(m))];
}
