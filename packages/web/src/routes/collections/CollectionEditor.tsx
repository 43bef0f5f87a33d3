import { useRef, useState, type FormEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useNavigate } from 'react-router';
import { COLLECTION_MAX_ARTICLES, type ArticleCard, type CollectionDetail } from '@changdu/contract';
import { useSaveCollection } from '../../api/collections.queries';
import { useApiInfiniteQuery } from '../../api/hooks';
import { useArticleSearch } from '../../api/search.queries';
import { Field, FormError } from '../../components/Field';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/Spinner';
import { coverPath, coverSources } from '../../lib/articles';
import { toast } from '../../lib/toast';
import { moveItem, rowAt } from './reorder';
import '../../styles/collection-editor.css';

interface Picked {
  article: ArticleCard;
  note: string;
}

export interface CollectionEditorProps {
  /** The collection being edited; absent → a new one. */
  initial?: CollectionDetail;
  /** Where to go after saving, given the saved id. */
  doneTo: (id: number) => string;
}

/** The form of a collection: title, description, the ordered articles with notes, the cover, and a picker. */
export function CollectionEditor({ initial, doneTo }: CollectionEditorProps) {
  const navigate = useNavigate();
  const save = useSaveCollection();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [picked, setPicked] = useState<Picked[]>(() => (initial?.articles ?? []).map((a) => ({ article: a, note: a.note ?? '' })));
  const [coverId, setCoverId] = useState<number | null>(initial?.cover_article_id ?? null);

  const add = (article: ArticleCard) => {
    if (picked.some((p) => p.article.id === article.id)) return;
    if (picked.length >= COLLECTION_MAX_ARTICLES) {
      toast(`一个合集最多 ${COLLECTION_MAX_ARTICLES} 篇文章`);
      return;
    }
    setPicked((list) => [...list, { article, note: '' }]);
  };
  const remove = (id: number) => {
    setPicked((list) => list.filter((p) => p.article.id !== id));
    if (coverId === id) setCoverId(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        ...(initial ? { id: initial.id } : {}),
        title,
        description,
        ...(coverId !== null ? { cover_article_id: coverId } : {}),
        articles: picked.map((p) => ({ article_id: p.article.id, note: p.note })),
      },
      {
        onSuccess: (saved) => {
          toast(initial ? '合集已保存' : saved.is_published ? '合集已创建' : '合集已创建，公开后其他人才能看到');
          void navigate(doneTo(saved.id), { replace: true });
        },
      },
    );
  };

  return (
    <form className="form collection-editor" onSubmit={submit} noValidate>
      <Field
        label="标题"
        value={title}
        maxLength={60}
        required
        onChange={(e) => setTitle(e.target.value)}
        placeholder="例如：睡眠科学入门"
      />
      <label className="field">
        <span className="field-label">简介（可选）</span>
        <textarea
          className="textarea"
          rows={3}
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="这个合集适合谁读、按什么顺序读"
        />
      </label>

      <section className="section" aria-labelledby="picked-title">
        <h2 id="picked-title" className="section-title">
          文章（{picked.length}）
        </h2>
        {initial && initial.hidden_count > 0 && (
          <p className="notice">有 {initial.hidden_count} 篇文章已下线，不在下面的列表里；保存后会移出合集。</p>
        )}
        {picked.length === 0 ? (
          <p className="empty">还没有文章，从下面搜索添加</p>
        ) : (
          <PickedList picked={picked} setPicked={setPicked} coverId={coverId} setCoverId={setCoverId} onRemove={remove} />
        )}
      </section>

      <FormError message={save.error?.msg} />
      <div className="collection-editor-submit">
        <button type="submit" className="button button-primary button-block" disabled={save.isPending} aria-busy={save.isPending}>
          {initial ? '保存合集' : '创建合集'}
        </button>
      </div>

      <ArticlePicker pickedIds={new Set(picked.map((p) => p.article.id))} onAdd={add} />
    </form>
  );
}

interface PickedListProps {
  picked: Picked[];
  setPicked: (update: (list: Picked[]) => Picked[]) => void;
  coverId: number | null;
  setCoverId: (id: number | null) => void;
  onRemove: (id: number) => void;
}

/** The chosen articles in order: drag by the handle (mouse, pen or finger), or move with the up/down buttons. */
function PickedList({ picked, setPicked, coverId, setCoverId, onRemove }: PickedListProps) {
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);
  const move = (from: number, to: number) => setPicked((list) => moveItem(list, from, to));

  const onPointerDown = (index: number) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(index);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (dragging === null) return;
    const extents = rows.current.slice(0, picked.length).map((el) => {
      const r = el?.getBoundingClientRect();
      return { top: r?.top ?? 0, bottom: r?.bottom ?? 0 };
    });
    const over = rowAt(event.clientY, extents);
    if (over >= 0 && over !== dragging) {
      move(dragging, over);
      setDragging(over);
    }
  };
  const endDrag = () => setDragging(null);

  return (
    <ol className="picked-list" aria-label="合集中的文章（按阅读顺序）">
      {picked.map((p, index) => (
        <li
          key={p.article.id}
          ref={(el) => {
            rows.current[index] = el;
          }}
          className={`picked-item${dragging === index ? ' is-dragging' : ''}`}
        >
          <button
            type="button"
            className="drag-handle"
            aria-label={`拖动调整《${p.article.title}》的位置`}
            onPointerDown={onPointerDown(index)}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M8 6h.01M8 12h.01M8 18h.01M16 6h.01M16 12h.01M16 18h.01"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
              />
            </svg>
          </button>
          <span className="picked-index" aria-hidden="true">
            {index + 1}
          </span>
          <div className="picked-main">
            <p className="picked-title" lang="en">
              {p.article.title}
            </p>
            {p.article.title_zh && <p className="picked-title-zh">{p.article.title_zh}</p>}
            <input
              className="input input-small picked-note"
              value={p.note}
              maxLength={300}
              placeholder="给这篇写一句导读（可选）"
              aria-label={`《${p.article.title}》的备注`}
              onChange={(e) => {
                const note = e.target.value;
                setPicked((list) => list.map((x) => (x.article.id === p.article.id ? { ...x, note } : x)));
              }}
            />
            <label className="picked-cover">
              <input type="radio" name="cover" checked={coverId === p.article.id} onChange={() => setCoverId(p.article.id)} />
              用作封面
            </label>
          </div>
          <div className="picked-buttons">
            <button
              type="button"
              className="icon-button icon-button-small"
              aria-label={`上移《${p.article.title}》`}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button icon-button-small"
              aria-label={`下移《${p.article.title}》`}
              disabled={index === picked.length - 1}
              onClick={() => move(index, index + 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="icon-button icon-button-small icon-button-danger"
              aria-label={`移除《${p.article.title}》`}
              onClick={() => onRemove(p.article.id)}
            >
              ×
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Search published articles (or browse the newest) and add them to the list. */
function ArticlePicker({ pickedIds, onAdd }: { pickedIds: Set<number>; onAdd: (a: ArticleCard) => void }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const search = useArticleSearch(q);
  const latest = useApiInfiniteQuery('article.topic', {}, { enabled: q.trim() === '' });
  const query = q.trim() === '' ? latest : search;
  const items: ArticleCard[] = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <section className="section picker" aria-labelledby="picker-title">
      <h2 id="picker-title" className="section-title">
        添加文章
      </h2>
      <div className="picker-search" role="search">
        <input
          className="input"
          type="search"
          value={typed}
          placeholder="搜索文章标题或内容"
          aria-label="搜索文章"
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setQ(typed);
            }
          }}
        />
        <button type="button" className="button button-secondary" onClick={() => setQ(typed)}>
          搜索
        </button>
      </div>
      <p className="muted picker-hint">{q.trim() === '' ? '最新发布的文章' : `“${q}”的搜索结果`}</p>
      {query.isPending && query.fetchStatus !== 'idle' ? (
        <Spinner />
      ) : query.error ? (
        <FormError message={query.error.msg} />
      ) : items.length === 0 ? (
        <p className="empty">没有找到文章</p>
      ) : (
        <ul className="picker-list" aria-label="可添加的文章">
          {items.map((a) => {
            const added = pickedIds.has(a.id);
            const { src } = coverSources(coverPath(a));
            return (
              <li key={a.id} className="picker-item">
                <img className="picker-thumb" src={src} alt="" loading="lazy" />
                <div className="picker-main">
                  <p className="picked-title" lang="en">
                    {a.title}
                  </p>
                  {a.title_zh && <p className="picked-title-zh">{a.title_zh}</p>}
                </div>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  disabled={added}
                  aria-label={added ? `《${a.title}》已添加` : `添加《${a.title}》`}
                  onClick={() => onAdd(a)}
                >
                  {added ? '已添加' : '添加'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => query.fetchNextPage()}
        failed={query.isFetchNextPageError}
        auto={false}
      />
    </section>
  );
}
