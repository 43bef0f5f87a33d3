import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../api/users.queries';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { LoadFailed } from '../../components/LoadFailed';
import { loginPathFor } from '../../lib/navigation';
import { useSessionStatus } from '../../lib/session';

/**
 * The admin tools; each item says which role may see it (spec §6 leaves this to us)
 * and which paths it covers (文章 is also the tab of `/admin/article/{id}`).
 */
export const adminNav = [
  { to: '/admin', label: '概览', match: /^\/admin\/?$/i, superOnly: false },
  { to: '/admin/articles', label: '文章', match: /^\/admin\/articles?(\/|$)/i, superOnly: false },
  { to: '/admin/rss', label: 'RSS', match: /^\/admin\/rss(\/|$)/i, superOnly: false },
  { to: '/admin/magazine', label: '杂志', match: /^\/admin\/magazine(\/|$)/i, superOnly: false },
  { to: '/admin/user/search', label: '用户查询', match: /^\/admin\/user\/search(\/|$)/i, superOnly: false },
  { to: '/admin/visitor', label: '访客', match: /^\/admin\/visitor(\/|$)/i, superOnly: false },
  { to: '/admin/order', label: '订单', match: /^\/admin\/order(\/|$)/i, superOnly: false },
  { to: '/admin/code', label: '邀请码', match: /^\/admin\/code(\/|$)/i, superOnly: false },
  { to: '/admin/collection', label: '合集', match: /^\/admin\/collection(\/|$)/i, superOnly: false },
  { to: '/admin/poster', label: '海报', match: /^\/admin\/poster(_xhs)?(\/|$)/i, superOnly: false },
  { to: '/admin/qywx', label: '客服', match: /^\/admin\/qywx(\/|$)/i, superOnly: false },
] as const;

/**
 * The admin dashboard frame: open to managers and super users; anyone else logged in
 * sees a 403 message, a visitor is sent to log in first.
 */
export function AdminLayout() {
  const status = useSessionStatus();
  const { user, isLoading, error, refetch } = useCurrentUser();
  const { pathname, search } = useLocation();

  if (status === 'out') return <Navigate to={loginPathFor(pathname + search)} replace />;
  if (isLoading) return <Spinner />;
  if (!user && error) {
    return (
      <div className="page">
        <PageHeader title="管理后台" back />
        <LoadFailed message={error.msg} onRetry={refetch} />
      </div>
    );
  }
  if (!user || !(user.is_manager || user.is_super)) {
    return (
      <div className="page">
        <PageHeader title="管理后台" back />
        <section className="error-view error-view-inline" data-status={403}>
          <p className="error-code" aria-hidden="true">
            403
          </p>
          <h2 className="error-title">没有权限</h2>
          <p className="error-text">管理后台仅对管理员开放。如需权限，请联系超级管理员。</p>
          <div className="error-actions">
            <Link className="button button-primary" to="/Mine">
              回到我的
            </Link>
          </div>
        </section>
      </div>
    );
  }

  // The layout's header owns the tab title (a parent's effect runs after its child's).
  const current = adminNav.find((item) => item.match.test(pathname));
  return (
    <div className="page page-wide">
      <PageHeader title="管理后台" back documentTitle={current ? `${current.label} · 管理后台` : '管理后台'} />
      <nav className="admin-nav" aria-label="管理后台导航">
        {adminNav
          .filter((item) => !item.superOnly || user.is_super)
          .map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={`admin-nav-link${item === current ? ' active' : ''}`}
              aria-current={item === current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
      </nav>
      <Outlet context={user} />
    </div>
  );
}
