import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { magazineStatusLabels, type MagazineCard } from '@changdu/contract';
import { useCreateMagazine, useMagazines } from '../../api/magazines.queries';
import { Field, FormError } from '../../components/Field';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/Spinner';
import { imageAt, placeholderPath } from '../../lib/articles';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import '../../styles/magazines.css';

/** `/admin/magazine`: every issue, newest made first, and a form to add one. */
export function Magazines() {
  const issues = useMagazines();
  const list = issues.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className="admin-panel">
      <CreateMagazineForm />
      {issues.isPending ? (
        <Spinner />
      ) : issues.error && list.length === 0 ? (
        <FormError message={issues.error.msg} />
      ) : list.length === 0 ? (
        <p className="empty">还没有杂志。填写刊名、期号和目录页地址，新建一期。</p>
      ) : (
        <ul className="magazine-admin-list" aria-label="杂志期刊">
          {list.map((issue) => (
            <MagazineRow key={issue.id} issue={issue} />
          ))}
        </ul>
      )}
      <LoadMore
        auto={false}
        hasNextPage={issues.hasNextPage}
        isFetchingNextPage={issues.isFetchingNextPage}
        fetchNextPage={() => issues.fetchNextPage()}
        failed={issues.isFetchNextPageError}
      />
    </div>
  );
}

export function MagazineStatus({ status }: { status: MagazineCard['status'] }) {
  return (
    <span className="chip magazine-status" data-status={status}>
      {magazineStatusLabels[status]}
    </span>
  );
}

function MagazineRow({ issue }: { issue: MagazineCard }) {
  return (
    <li className="card magazine-admin-row">
      <Link to={`/admin/magazine/${issue.id}`} className="magazine-admin-link">
        <img className="magazine-thumb" src={imageAt(issue.cover ?? placeholderPath(issue.placeholder), 150)} alt="" loading="lazy" />
        <div className="magazine-admin-main">
          <h3 className="magazine-admin-title">
            <span lang="en">{issue.name}</span> · {issue.edition}
          </h3>
          <p className="magazine-admin-meta">
            <MagazineStatus status={issue.status} />
            <span>{issue.article_count} 篇文章</span>
            <span>
              {issue.published_at ? `发布于 ${formatDateTime(issue.published_at)}` : `创建于 ${formatDateTime(issue.created_at)}`}
            </span>
          </p>
        </div>
      </Link>
    </li>
  );
}

function CreateMagazineForm() {
  const create = useCreateMagazine();
  const [form, setForm] = useState({ name: '', edition: '', url: '', cover: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.name.trim()) return setError('请填写刊名');
    if (!form.edition.trim()) return setError('请填写期号');
    create.mutate(
      { name: form.name.trim(), edition: form.edition.trim(), url: form.url.trim() || undefined, cover: form.cover.trim() || undefined },
      {
        onSuccess: (issue) => {
          toast(`已新建“${issue.name} ${issue.edition}”`);
          setForm({ name: '', edition: '', url: '', cover: '' });
        },
        onError: (err) => setError(err.msg),
      },
    );
  };

  return (
    <form className="card magazine-create" onSubmit={onSubmit} noValidate aria-label="新建一期">
      <h2 className="magazine-create-title">新建一期</h2>
      <div className="magazine-create-grid">
        <Field label="刊名" name="name" placeholder="The Economist" autoComplete="off" value={form.name} onChange={set('name')} />
        <Field label="期号" name="edition" placeholder="2026-11-21" autoComplete="off" value={form.edition} onChange={set('edition')} />
      </div>
      <Field
        label="目录页地址"
        name="url"
        type="url"
        inputMode="url"
        placeholder="https://example.com/weekly/2026-11-21"
        autoComplete="off"
        value={form.url}
        onChange={set('url')}
        hint="抓取时从这一页找出本期的文章；也可以留空，之后上传 EPUB"
      />
      <Field
        label="封面图片地址（可选）"
        name="cover"
        type="url"
        inputMode="url"
        autoComplete="off"
        value={form.cover}
        onChange={set('cover')}
        hint="留空时用目录页的配图"
      />
      <FormError message={error} />
      <div>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          新建
        </button>
      </div>
    </form>
  );
}
