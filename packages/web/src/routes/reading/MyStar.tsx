import { Link } from 'react-router';
import { useStarredArticles } from '../../api/reader.queries';
import { PageHeader } from '../../components/PageHeader';
import { ReadingCard, ReadingList } from '../../components/ReadingList';
import { RequireLogin } from '../../components/RequireLogin';
import { formatRelative } from '../../lib/format';
import { ExportArticles } from '../media/ExportArticles';
import '../../styles/reading-screens.css';

/** 我的收藏: starred articles, most recently starred first. */
export function MyStar() {
  return (
    <RequireLogin>
      <MyStarScreen />
    </RequireLogin>
  );
}

function MyStarScreen() {
  const query = useStarredArticles();
  return (
    <div className="page">
      <PageHeader title="我的收藏" back />
      <ExportArticles articleIds={query.data?.pages.flatMap((p) => p.list.map((a) => a.id)) ?? []} />
      <ReadingList
        query={query}
        label="收藏的文章"
        empty={
          <>
            <p>还没有收藏的文章。读到喜欢的文章，点底部的“收藏”</p>
            <Link to="/" className="button button-secondary button-small empty-action">
              去读文章
            </Link>
          </>
        }
        item={(article) => (
          <ReadingCard key={article.id} article={article}>
            <span>收藏于 {formatRelative(article.starred_at)}</span>
          </ReadingCard>
        )}
      />
    </div>
  );
}
