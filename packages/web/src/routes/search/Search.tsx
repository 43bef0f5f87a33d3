import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLabels } from '../../api/articles.queries';
import { useArticleSearch } from '../../api/search.queries';
import { ArticleList } from '../../components/ArticleList';
import { Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';

/** `/Search`: full-text search with highlighted snippets; the query lives in `?q=`. */
export function Search() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useArticleSearch(q);
  // In the URL, so back, reload and a shared link keep the results.
  const submit = (next: string) => setParams(next ? { q: next } : {});

  return (
    <div className="page page-wide">
      <PageHeader title="搜索" back />
      {/* Keyed by the query: going back to another search shows its words in the box. */}
      <SearchForm key={q} initial={q} onSearch={submit} />
      {q === '' ? (
        <Suggestions />
      ) : (
        <section aria-label="搜索结果" className="search-results">
          <ArticleList query={results} label={`“${q}”的搜索结果`} empty="没有找到相关文章" snippet={(hit) => hit.snippet} layout="rows" />
        </section>
      )}
    </div>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="search-form search-page-form" role="search" onSubmit={onSubmit}>
      <Field
        label="搜索文章"
        name="q"
        type="search"
        placeholder="英文或中文关键词"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        autoFocus={initial === ''}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        addon={
          <button type="submit" className="button button-primary">
            搜索
          </button>
        }
      />
    </form>
  );
}

/** Before a search: the topics, as a quick way in. */
function Suggestions() {
  const labels = useLabels();
  const list = labels.data?.list ?? [];
  if (list.length === 0) return <p className="empty">输入关键词，搜索标题、摘要和正文</p>;
  return (
    <section className="section">
      <h2 className="section-title">按话题浏览</h2>
      <ul className="chip-cloud">
        {list.map((label) => (
          <li key={label.topic}>
            <Link to={`/topic/${encodeURIComponent(label.topic)}`} className="chip chip-topic chip-link chip-large">
              {label.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
