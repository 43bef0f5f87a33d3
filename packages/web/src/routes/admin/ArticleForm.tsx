import { useEffect, useId, useMemo, useState, type FormEvent, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { articleLevels, levelLabels, topics, topicSlugs, type ArticleEdit, type ArticleLevel, type ArticleManage } from '@changdu/contract';
import { useUpdateArticle } from '../../api/articles.queries';
import { Field, FormError } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { toast } from '../../lib/toast';
import { ParagraphsEditor, type ParagraphDraft } from './ParagraphsEditor';

export const MAX_TOPICS = 5;

interface Draft {
  title: string;
  title_zh: string;
  summary: string;
  summary_zh: string;
  author: string;
  topics: string[];
  /** '' → the computed level. */
  level: ArticleLevel | '';
  paragraphs: ParagraphDraft[];
}

function toDraft(article: ArticleManage): Draft {
  return {
    title: article.title,
    title_zh: article.title_zh ?? '',
    summary: article.summary ?? '',
    summary_zh: article.summary_zh ?? '',
    author: article.author?.name ?? '',
    topics: article.topics,
    level: article.level_override ?? '',
    paragraphs: article.paragraphs.map((p) => ({ key: p.id, id: p.id, kind: p.kind, text: p.text, zh: p.zh ?? '' })),
  };
}

/** The update call's `article`: every field, each paragraph with its id so ids survive. */
export function toEdit(draft: Draft): ArticleEdit {
  return {
    title: draft.title.trim(),
    title_zh: draft.title_zh.trim(),
    summary: draft.summary.trim(),
    summary_zh: draft.summary_zh.trim(),
    author: draft.author.trim(),
    topics: draft.topics,
    level: draft.level || null,
    paragraphs: draft.paragraphs.map((p) => ({ ...(p.id ? { id: p.id } : {}), kind: p.kind, text: p.text.trim(), zh: p.zh.trim() })),
  };
}

/** A share from the readability numbers: fractions (0–1) and percentages both read as percent. */
function percent(value: number): string {
  const pct = value <= 1 ? value * 100 : value;
  return `${pct.toFixed(pct < 10 ? 1 : 0)}%`;
}

export interface ArticleFormProps {
  article: ArticleManage;
  onSaved: () => void;
  /** Set by the page before it navigates away on purpose (after deleting). */
  allowLeave: RefObject<boolean>;
}

/** Every editable field of an article; 保存 sends them all. Starts from `article` when mounted. */
export function ArticleForm({ article, onSaved, allowLeave }: ArticleFormProps) {
  const [initial] = useState(() => toDraft(article));
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateArticle();
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(initial), [draft, initial]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggleTopic = (slug: string) =>
    set('topics', draft.topics.includes(slug) ? draft.topics.filter((t) => t !== slug) : [...draft.topics, slug]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { id: article.id, article: toEdit(draft) },
      {
        onSuccess: () => {
          toast('已保存');
          onSaved();
        },
        onError: (err) => setError(err.msg),
      },
    );
  };

  // Unsaved edits are not lost by a stray click or a closed tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !allowLeave.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const { readability } = article;
  return (
    <form className="edit-form" onSubmit={onSubmit} noValidate aria-label="文章内容">
      <section className="card edit-section">
        <h3 className="edit-section-title">标题与摘要</h3>
        <div className="edit-grid">
          <Field
            label="英文标题"
            name="title"
            lang="en"
            maxLength={300}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
          />
          <Field
            label="中文标题"
            name="title_zh"
            maxLength={300}
            value={draft.title_zh}
            onChange={(e) => set('title_zh', e.target.value)}
          />
          <TextArea label="摘要" lang="en" value={draft.summary} onChange={(v) => set('summary', v)} />
          <TextArea label="中文摘要" value={draft.summary_zh} onChange={(v) => set('summary_zh', v)} />
          <Field
            label="作者"
            name="author"
            lang="en"
            maxLength={100}
            value={draft.author}
            onChange={(e) => set('author', e.target.value)}
          />
          <div className="field">
            <label className="field-label" htmlFor="edit-level">
              难度
            </label>
            <select
              id="edit-level"
              className="input select"
              value={draft.level}
              onChange={(e) => set('level', e.target.value as ArticleLevel | '')}
            >
              <option value="">自动：{levelLabels[article.level_auto]}</option>
              {articleLevels.map((level) => (
                <option key={level} value={level}>
                  {levelLabels[level]}
                </option>
              ))}
            </select>
            <p className="field-hint">
              可读性年级 {readability.grade.toFixed(1)} · 超出四级词 {percent(readability.beyond_c4)} · 超出六级词{' '}
              {percent(readability.beyond_c6)}
            </p>
          </div>
        </div>
        <fieldset className="topic-picker">
          <legend className="field-label">
            话题（最多 {MAX_TOPICS} 个，已选 {draft.topics.length} 个）
          </legend>
          <div className="filter-chips">
            {topicSlugs.map((slug) => {
              const on = draft.topics.includes(slug);
              return (
                <button
                  key={slug}
                  type="button"
                  className="filter-chip"
                  aria-pressed={on}
                  disabled={!on && draft.topics.length >= MAX_TOPICS}
                  onClick={() => toggleTopic(slug)}
                >
                  {topics[slug]}
                </button>
              );
            })}
          </div>
        </fieldset>
      </section>
      <section className="card edit-section">
        <h3 className="edit-section-title">正文与译文（{draft.paragraphs.length} 段）</h3>
        <ParagraphsEditor value={draft.paragraphs} onChange={(p) => set('paragraphs', p)} />
      </section>
      <div className="save-bar" data-dirty={dirty}>
        <span className="save-bar-state">{update.isPending ? '保存中…' : dirty ? '有未保存的修改' : '没有修改'}</span>
        <FormError message={error} />
        <button type="submit" className="button button-primary" disabled={update.isPending} aria-busy={update.isPending}>
          保存
        </button>
      </div>
      <Modal open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="离开编辑页？">
        <p className="form-note">有未保存的修改，离开后会丢失。</p>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={() => blocker.reset?.()}>
            继续编辑
          </button>
          <button type="button" className="button button-danger" onClick={() => blocker.proceed?.()}>
            放弃修改
          </button>
        </div>
      </Modal>
    </form>
  );
}

function TextArea({ label, value, onChange, lang }: { label: string; value: string; onChange: (v: string) => void; lang?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={3}
        lang={lang}
        maxLength={2000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
