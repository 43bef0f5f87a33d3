import { Link } from 'react-router';
import { useFollowedCollections, useFollowingWork } from '../../api/collections.queries';
import { SegmentedTabs, useParamTab } from '../../components/ParamTabs';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { formatRelative } from '../../lib/format';
import { CollectionGrid, CollectionTabs } from './parts';
import '../../styles/collections.css';

const TABS = [
  ['collections', '关注的合集'],
  ['creators', '关注的创作者'],
] as const;

/** `/collection/follow`: the collections I follow (with new articles), and my followed creators' new work. */
export function CollectionFollow() {
  return (
    <RequireLogin>
      <FollowScreen />
    </RequireLogin>
  );
}

function FollowScreen() {
  const [tab, selectTab] = useParamTab(TABS);
  return (
    <div className="page page-wide">
      <PageHeader title="我的关注" back />
      <CollectionTabs current="follow" />
      <SegmentedTabs label="关注的内容" tabs={TABS} current={tab} onSelect={selectTab} />
      {tab === 'collections' ? <FollowedCollections /> : <CreatorsWork />}
    </div>
  );
}

function FollowedCollections() {
  const query = useFollowedCollections();
  return (
    <CollectionGrid
      query={query}
      label="关注的合集"
      extra={(c) => (c.new_count > 0 ? <span className="badge badge-accent">{c.new_count} 篇新文章</span> : null)}
      empty={
        <>
          <p>还没有关注合集。关注后，合集里有新文章会在这里提醒你</p>
          <Link to="/collection/all" className="button button-secondary button-small empty-action">
            去发现合集
          </Link>
        </>
      }
    />
  );
}

function CreatorsWork() {
  const query = useFollowingWork();
  return (
    <CollectionGrid
      query={query}
      label="关注的创作者的新作品"
      extra={(c) => <span className="muted">更新于 {formatRelative(c.activity_at)}</span>}
      empty={<p>关注的创作者还没有新作品。在合集页点创作者的名字，可以关注他们</p>}
    />
  );
}
