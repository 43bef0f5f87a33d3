import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { articleStatuses, statusLabels, type ArticleStatus } from '@changdu/contract';
import { useCreateArticle, useManagedArticles, type ManageFilters } from '../../api/articles.queries';
import type { Output } from '../../api/client';
import { LevelChip, LockMark, StatusChip } from '../../components/ArticleMeta';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { LoadMore } from '../../components/LoadMore';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';

type Row = Output<'article.manage'>['list'][number];

function isStatus(value: string | null): value is ArticleStatus {
  return value !== null && (articleStatuses as readonly string[]).includes(value);
}

/** `/admin/articles`: every article, filtered by status, source and keyword; new drafts start here. */
export function Articles() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: ManageFilters = {
    status: isStatus(status) ? status : undefined,
    source: params.get('source') || undefined,
    q: params.get('q') || undefined,
  };
  const articles = useManagedArticles(filters);
  const [creating, setCreating] = useState(false);
  const rows = articles.data?.pages.flatMap((page) => page.list) ?? [];

  // Filters live in the URL, so a reload or the back button keeps them.
  const setFilter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <div className="admin-panel">
      <div className="admin-toolbar">
        <div className="filter-chips" role="group" aria-label="按状态筛选">
          <button type="button" className="filter-chip" aria-pressed={!filters.status} onClick={() => setFilter('status', undefined)}>
            全部
          </button>
          {articleStatuses.map((s) => (
            <button
              key={s}
              type="button"
              className="filter-chip"
              aria-pressed={filters.status === s}
              onClick={() => setFilter('status', s)}
            >
              {statusLabels[s]}
            </button>
          ))}
        </div>
        <button type="button" className="button button-primary button-small" onClick={() => setCreating(true)}>
          新建文章
        </button>
      </div>
      <FilterForm
        key={`${filters.q ?? ''}|${filters.source ?? ''}`}
        q={filters.q ?? ''}
        source={filters.source ?? ''}
        onApply={(q, source) => {
          const next = new URLSearchParams(params);
          for (const [name, value] of [
            ['q', q],
            ['source', source],
          ] as const) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          setParams(next, { replace: true });
        }}
      />
      {articles.isPending ? (
        <Spinner />
      ) : articles.error && rows.length === 0 ? (
        <FormError message={articles.error.msg} />
      ) : rows.length === 0 ? (
        <p className="empty">没有符合条件的文章</p>
      ) : (
        <ul className="admin-table" aria-label="文章列表">
          <li className="admin-table-head" aria-hidden="true">
            <span>标题</span>
            <span>状态</span>
            <span>难度</span>
            <span>会员</span>
            <span>更新时间</span>
          </li>
          {rows.map((row) => (
            <ArticleRow key={row.id} row={row} />
          ))}
        </ul>
      )}
      <LoadMore
        auto={false}
        hasNextPage={articles.hasNextPage}
        isFetchingNextPage={articles.isFetchingNextPage}
        fetchNextPage={() => articles.fetchNextPage()}
        failed={articles.isFetchNextPageError}
      />
      <Modal open={creating} onClose={() => setCreating(false)} title="新建文章">
        <CreateArticleForm />
      </Modal>
    </div>
  );
}

function FilterForm({ q, source, onApply }: { q: string; source: string; onApply: (q: string, source: string) => void }) {
  const [draftQ, setDraftQ] = useState(q);
  const [draftSource, setDraftSource] = useState(source);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draftQ.trim(), draftSource.trim());
  };
  return (
    <form className="filter-form" role="search" onSubmit={onSubmit}>
      <Field
        label="关键词"
        name="q"
        type="search"
        placeholder="标题或中文标题"
        value={draftQ}
        onChange={(e) => setDraftQ(e.target.value)}
      />
      <Field
        label="来源"
        name="source"
        placeholder="如 Changdu Demo"
        value={draftSource}
        onChange={(e) => setDraftSource(e.target.value)}
      />
      <button type="submit" className="button button-secondary">
        筛选
      </button>
    </form>
  );
}

function ArticleRow({ row }: { row: Row }) {
  return (
    <li>
      <Link to={`/admin/article/${row.id}`} className="admin-row">
        <span className="admin-row-title">
          <span className="admin-row-en" lang="en">
            {row.title}
          </span>
          <span className="admin-row-sub">
            {row.title_zh ?? '（无中文标题）'}
            {row.source && ` · ${row.source}`}
          </span>
        </span>
        <span className="admin-row-cell">
          <StatusChip status={row.status} />
        </span>
        <span className="admin-row-cell">
          <LevelChip level={row.level} />
        </span>
        <span className="admin-row-cell">{row.is_lock ? <LockMark /> : <span className="muted">公开</span>}</span>
        <span className="admin-row-cell admin-row-time">{formatDateTime(row.updated_at)}</span>
      </Link>
    </li>
  );
}

/** The minimum of a new article: a title and its text, paragraphs split on blank lines. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

function CreateArticleForm() {
  const navigate = useNavigate();
  const create = useCreateArticle();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const paragraphs = splitParagraphs(body);
    if (!title.trim()) return setError('请填写英文标题');
    if (paragraphs.length === 0) return setError('正文至少需要一段');
    create.mutate(
      { article: { title: title.trim(), paragraphs: paragraphs.map((text) => ({ kind: 'p', text })) } },
      { onSuccess: (article) => void navigate(`/admin/article/${article.id}`), onError: (err) => setError(err.msg) },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <Field label="英文标题" name="title" maxLength={300} value={title} onChange={(e) => setTitle(e.target.value)} />
      <div className="field">
        <label className="field-label" htmlFor="new-article-body">
          正文
        </label>
        <textarea
          id="new-article-body"
          className="input textarea"
          rows={10}
          lang="en"
          placeholder="粘贴英文正文；段落之间空一行"
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <p className="field-hint">空行分段，共 {splitParagraphs(body).length} 段。创建后可在编辑页补充译文、话题和难度。</p>
      </div>
      <FormError message={error} />
      <SubmitButton pending={create.isPending}>创建草稿</SubmitButton>
    </form>
  );
}
