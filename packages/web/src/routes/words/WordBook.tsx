import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cardStateLabels, wordOrders } from '@changdu/contract';
import { endpointUrl, type Output } from '../../api/client';
import { useWordList, useWordOverview } from '../../api/words.queries';
import { phoneticText } from '../../components/FlashcardCard';
import { LoadFailed } from '../../components/LoadFailed';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { dueText } from '../../lib/wordbook-format';
import { DeleteWordDialog } from './DeleteWordDialog';
import { WordBookOverview } from './WordOverview';
import '../../styles/words.css';

type Order = (typeof wordOrders)[number];
type WordItem = Output<'words.list'>['list'][number];

export const orderLabels: Record<Order, string> = { new: '最近加入', old: '最早加入', due: '最先到期', alpha: '字母' };
/** How long typing rests before the search runs. */
export const SEARCH_DELAY_MS = 300;

const isOrder = (value: string | null): value is Order => (wordOrders as readonly string[]).includes(value ?? '');

/** `/myword`: the word book — overview, order, search, the list, delete, export. */
export function WordBook() {
  return (
    <div className="page">
      <PageHeader title="生词本" back />
      <RequireLogin>
        <WordBookBody />
      </RequireLogin>
    </div>
  );
}

function WordBookBody() {
  const [params, setParams] = useSearchParams();
  const rawOrder = params.get('order');
  const order: Order = isOrder(rawOrder) ? rawOrder : 'new';
  const q = (params.get('q') ?? '').trim();
  const overview = useWordOverview();
  const list = useWordList(order, q || undefined);
  const [deleting, setDeleting] = useState<string | null>(null);

  // Both in the URL, so back and reload keep them; the default order stays out of it.
  // From the URL as it is then: a search typed before an order change lands after it.
  const update = (next: { order?: Order; q?: string }) =>
    setParams(
      (prev) => {
        const was = prev.get('order');
        const o = next.order ?? (isOrder(was) ? was : 'new');
        const text = next.q ?? (prev.get('q') ?? '').trim();
        return { ...(o === 'new' ? {} : { order: o }), ...(text ? { q: text } : {}) };
      },
      { replace: true },
    );

  if (overview.isLoading) return <Spinner />;
  if (overview.error) return <LoadFailed title="生词本暂时打不开" message={overview.error.msg} onRetry={() => void overview.refetch()} />;
  if (overview.data?.total === 0) return <EmptyBook />;

  const items = list.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <>
      {overview.data && <WordBookOverview overview={overview.data} />}
      <div className="word-tools">
        <SearchBox initial={q} onSearch={(text) => update({ q: text })} />
        <div className="filter-chips" role="group" aria-label="排序">
          {wordOrders.map((o) => (
            <button key={o} type="button" className="filter-chip" aria-pressed={o === order} onClick={() => update({ order: o })}>
              {orderLabels[o]}
            </button>
          ))}
        </div>
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : list.error && items.length === 0 ? (
        <LoadFailed title="单词没有加载出来" message={list.error.msg} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="empty">{q ? `生词本里没有以“${q}”开头的词` : '生词本里还没有词'}</p>
      ) : (
        <ul className="word-list card" aria-label="生词">
          {items.map((item) => (
            <WordRow key={item.id} item={item} onDelete={() => setDeleting(item.word)} />
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
        failed={list.isFetchNextPageError}
        endText={items.length > 20 ? '没有更多了' : undefined}
      />
      <ExportLinks />
      <DeleteWordDialog word={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(initial);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const run = (text: string) => {
    window.clearTimeout(timer.current);
    onSearch(text.trim());
  };
  return (
    <form
      className="word-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        run(draft);
      }}
    >
      <label className="visually-hidden" htmlFor="word-search-input">
        搜索生词本
      </label>
      <input
        id="word-search-input"
        className="input"
        type="search"
        placeholder="搜索生词本（输入单词开头）"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={64}
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
        }}
      />
    </form>
  );
}

function WordRow({ item, onDelete }: { item: WordItem; onDelete: () => void }) {
  return (
    <li className="word-row">
      <Link to={`/myword/${encodeURIComponent(item.word)}/show`} className="word-row-link">
        <span className="word-row-head">
          <span className="word-row-word" lang="en">
            {item.word}
          </span>
          {item.phonetic && <span className="word-row-phonetic">{phoneticText(item.phonetic)}</span>}
        </span>
        {item.meaning && <span className="word-row-meaning">{item.meaning}</span>}
      </Link>
      <span className="word-row-side">
        <span className="chip word-state" data-state={item.state}>
          {cardStateLabels[item.state]}
        </span>
        <span className="word-row-due">{item.state === 'new' ? '待学习' : dueText(item.due)}</span>
      </span>
      <button
        type="button"
        className="icon-button icon-button-small icon-button-danger"
        aria-label={`删除 ${item.word}`}
        onClick={onDelete}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
}

/** Plain links: the server answers a file with a fixed Chinese name, authenticated by the login cookie. */
function ExportLinks() {
  return (
    <section className="section word-export" aria-labelledby="word-export-title">
      <h2 id="word-export-title" className="section-title">
        导出
      </h2>
      <p className="section-text">CSV 可以用表格软件打开；Anki 格式是制表符分隔的文本，可在 Anki 里“导入”为笔记。</p>
      <div className="word-export-links">
        <a className="button button-secondary button-small" href={endpointUrl('words.export', { format: 'csv' })}>
          导出 CSV
        </a>
        <a className="button button-secondary button-small" href={endpointUrl('words.export', { format: 'anki' })}>
          导出 Anki
        </a>
      </div>
    </section>
  );
}

function EmptyBook() {
  return (
    <div className="card welcome-card word-empty">
      <h2 className="welcome-title">生词本还是空的</h2>
      <p className="welcome-text">
        阅读文章时，点按不认识的单词，在弹出的释义里选“加入生词本”。单词会连同它所在的句子一起保存，并按记忆规律安排复习。
      </p>
      <div className="welcome-actions">
        <Link className="button button-primary" to="/">
          去读文章
        </Link>
        <Link className="button button-secondary" to="/flashcard/demo">
          试试闪卡演示
        </Link>
      </div>
    </div>
  );
}
