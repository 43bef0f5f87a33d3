import { Link } from 'react-router';
import { useProducts } from '../../api/membership.queries';
import { useCurrentUser } from '../../api/users.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatDate } from '../../lib/format';
import '../../styles/membership.css';

/** 我的会员: status, expiry, what membership unlocks, and the ways to get it. */
export function Member() {
  return (
    <RequireLogin>
      <MemberScreen />
    </RequireLogin>
  );
}

function MemberScreen() {
  const { user } = useCurrentUser();
  const products = useProducts();
  const benefits = products.data?.list[0]?.benefits ?? [];
  return (
    <div className="page">
      <PageHeader title="畅读会员" back />
      <section className="card member-hero" aria-label="会员状态">
        <span className="member-hero-status" data-testid="member-status">
          {user?.member ? `会员 · Lv${user.member.level}` : '未开通会员'}
        </span>
        <span className="member-hero-sub">
          {user?.member
            ? `剩余 ${user.member.days_left} 天，${formatDate(user.member.expires_at)} 到期`
            : '开通后可阅读全部会员文章，并使用更多 AI 助手次数'}
        </span>
        <div className="member-actions">
          <Link to="/member/buy" className="button button-primary">
            {user?.member ? '续费会员' : '开通会员'}
          </Link>
          {!user?.member && (
            <Link to="/trial" className="button button-secondary">
              免费试用
            </Link>
          )}
          <Link to="/member/log" className="button button-ghost">
            会员记录
          </Link>
        </div>
      </section>
      <section className="section">
        <h2 className="section-title">会员权益</h2>
        {products.isPending ? (
          <Spinner />
        ) : products.error ? (
          <LoadFailed message={products.error.msg} onRetry={() => void products.refetch()} />
        ) : (
          <ul className="card benefit-list">
            {benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="section">
        <h2 className="section-title">更多</h2>
        <ul className="menu card">
          <li>
            <Link className="menu-item" to="/Award">
              我的奖励与邀请码
            </Link>
          </li>
          <li>
            <Link className="menu-item" to="/Rank">
              阅读周榜（上榜可得会员天数）
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
