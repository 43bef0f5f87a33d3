import { Link } from 'react-router';
import { useMyCollections, useStarredCollections } from '../../api/collections.queries';
import { SegmentedTabs, useParamTab } from '../../components/ParamTabs';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { CollectionGrid, CollectionTabs } from './parts';
import '../../styles/collections.css';

const TABS = [
  ['mine', '我创建的'],
  ['star', '我收藏的'],
] as const;

/** `/MyCollection`: the collections I made (private ones too) and those I starred. */
export function MyCollection() {
  return (
    <RequireLogin>
      <MyCollectionScreen />
    </RequireLogin>
  );
}

function MyCollectionScreen() {
  const [tab, selectTab] = useParamTab(TABS);
  return (
    <div className="page page-wide">
      <PageHeader
        title="我的合集"
        back
        actions={
          <Link to="/collection/new" className="button button-primary button-small">
            新建
          </Link>
        }
      />
      <CollectionTabs current="mine" />
      <SegmentedTabs label="我的合集" tabs={TABS} current={tab} onSelect={selectTab} />
      {tab === 'mine' ? <Mine /> : <Starred />}
    </div>
  );
}

function Mine() {
  const query = useMyCollections();
  return (
    <CollectionGrid
      query={query}
      label="我创建的合集"
      extra={(c) => (c.is_published ? <span className="badge">已公开</span> : <span className="badge badge-muted">仅自己可见</span>)}
      empty={
        <>
          <p>还没有合集。把读过的好文章按顺序整理起来，方便自己和别人读</p>
          <Link to="/collection/new" className="button button-secondary button-small empty-action">
            新建合集
          </Link>
        </>
      }
    />
  );
}

function Starred() {
  const query = useStarredCollections();
  return <CollectionGrid query={query} label="我收藏的合集" empty={<p>还没有收藏合集。在合集页点“收藏”即可</p>} />;
}
