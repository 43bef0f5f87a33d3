import { useState } from 'react';
import { Link } from 'react-router';
import { endpointUrl } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import '../../styles/media.css';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** /admin/poster: share posters of the articles published in the last seven days. */
export function WeekPosters() {
  const list = useApiQuery('article.list', { offset: 0 });
  const [since] = useState(() => Date.now() - WEEK_MS);
  const week = (list.data?.list ?? []).filter((a) => a.published_at && Date.parse(a.published_at) >= since);
  return (
    <div className="page">
      <PageHeader title="本周海报" back />
      <div className="poster-screen">
        {list.isPending ? (
          <Spinner label="加载文章" />
        ) : list.error ? (
          <LoadFailed title="文章加载失败" message={list.error.msg} onRetry={() => void list.refetch()} />
        ) : week.length === 0 ? (
          <p>最近七天没有发布文章。</p>
        ) : (
          <div className="poster-grid">
            {week.map((a) => (
              <figure key={a.id}>
                <a href={endpointUrl('article.poster', { id: a.id })} download={`article-${a.id}.png`}>
                  <img src={endpointUrl('article.poster', { id: a.id })} alt={a.title} loading="lazy" />
                </a>
                <figcaption>
                  <Link to={`/admin/article/${a.id}/poster`}>编辑</Link> · <Link to={`/admin/article/${a.id}/Poster2`}>版式二</Link> ·{' '}
                  <Link to={`/admin/poster_xhs?id=${a.id}`}>小红书卡片</Link>
                </figcaption>
              </figure>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
