import { Link } from 'react-router';
import { KeptList } from './KeptScreen';
import { useKeptList, useOffline } from './useKeptList';
import '../styles/offline.css';

/**
 * Home's way to the kept articles: online, a row to 已下载 when any is kept; offline, the kept
 * articles themselves, so a reader with no network and no home list seen has something to open.
 */
export function KeptShortcut() {
  const { list } = useKeptList();
  const offline = useOffline();
  if (!list || list.length === 0) {
    return offline ? (
      <p className="kept-offline" role="status">
        当前没有网络，也还没有下载的文章
      </p>
    ) : null;
  }
  if (!offline) {
    return (
      <Link to="/offline" className="kept-shortcut">
        <span>已下载 · 离线可读</span>
        <span className="kept-shortcut-count">{list.length} 篇</span>
      </Link>
    );
  }
  return (
    <section className="kept-home" aria-labelledby="kept-home-title">
      <h2 id="kept-home-title" className="section-title kept-home-title">
        当前没有网络 · 可离线阅读的 {list.length} 篇
      </h2>
      <KeptList list={list.slice(0, 5)} />
      {list.length > 5 && (
        <Link to="/offline" className="kept-more">
          查看全部 {list.length} 篇
        </Link>
      )}
    </section>
  );
}
