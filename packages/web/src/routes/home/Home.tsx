import { useSearchParams } from 'react-router';
import { useForYou, useLatestArticles, useNewCount } from '../../api/articles.queries';
import { ArticleList } from '../../components/ArticleList';
import { PageHeader } from '../../components/PageHeader';
import { SearchLink } from '../../components/SearchLink';
import { LazyKeptShortcut } from '../../offline/LazyKeptShortcut';

type Tab = 'foryou' | 'latest';

/** The home list (`/` and `/article`): 推荐 and 最新, the latter with a badge for new articles. */
export function Home() {
  const [params, setParams] = useSearchParams();
  // The tab lives in the URL, so going back to the list returns to the same tab.
  const tab: Tab = params.get('tab') === 'latest' ? 'latest' : 'foryou';
  const newCount = useNewCount();
  const count = newCount.data?.count ?? 0;

  const choose = (next: Tab) => setParams(next === 'latest' ? { tab: 'latest' } : {}, { replace: true });

  return (
    <div className="page page-wide home">
      <PageHeader title="外刊精读" documentTitle={null} />
      <SearchLink />
      <LazyKeptShortcut />
      <div className="tabs" role="tablist" aria-label="文章列表">
        <button
          type="button"
          role="tab"
          id="home-tab-foryou"
          aria-selected={tab === 'foryou'}
          aria-controls="home-panel"
          className="tab"
          onClick={() => choose('foryou')}
        >
          推荐
        </button>
        <button
          type="button"
          role="tab"
          id="home-tab-latest"
          aria-selected={tab === 'latest'}
          aria-controls="home-panel"
          className="tab"
          onClick={() => choose('latest')}
        >
          最新
          {count > 0 && (
            <span className="tab-badge" data-testid="new-count">
              {count > 99 ? '99+' : count}
              <span className="visually-hidden"> 篇新文章</span>
            </span>
          )}
        </button>
      </div>
      <section id="home-panel" role="tabpanel" aria-labelledby={`home-tab-${tab}`}>
        {tab === 'foryou' ? <ForYouList /> : <LatestList />}
      </section>
    </div>
  );
}

function ForYouList() {
  const query = useForYou();
  return (
    <ArticleList query={query} label="推荐文章" empty="暂时还没有推荐的文章，去“最新”看看吧" featureFirst reason={(item) => item.reason} />
  );
}

function LatestList() {
  const query = useLatestArticles();
  return <ArticleList query={query} label="最新文章" empty="还没有发布的文章" featureFirst />;
}
