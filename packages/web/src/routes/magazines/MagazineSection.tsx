import { Link } from 'react-router';
import { useMagazines } from '../../api/magazines.queries';
import { IssueShelf } from './MagazineShelf';

/** "杂志" on /explore: the newest published issues as covers; nothing while there are none. */
export function MagazineSection() {
  const issues = useMagazines();
  // Managers get every issue from the same call; readers only ever see published ones.
  const list = (issues.data?.pages[0]?.list ?? []).filter((issue) => issue.status === 'published');
  if (list.length === 0) return null;
  return (
    <section className="section" aria-labelledby="magazines-title">
      <div className="section-head">
        <h2 id="magazines-title" className="section-title">
          杂志
        </h2>
        <Link to="/magazine" className="section-more">
          全部期刊
        </Link>
      </div>
      <IssueShelf issues={list.slice(0, 8)} />
    </section>
  );
}
