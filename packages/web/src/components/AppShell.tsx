import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { usePublicConfig } from '../api/system.queries';
import { useCurrentUser } from '../api/users.queries';
import { injectAnalytics } from '../lib/analytics';
import { enterPage, useFatalError } from '../lib/fatal-errors';
import { ErrorView } from './ErrorView';
import { Logo } from './Logo';
import { TabBar } from './TabBar';
import { ToastHost } from './Toast';
import { UpdateBanner } from './UpdateBanner';
import { OutboxStatus } from '../offline/OutboxStatus';

/**
 * The frame around every screen: brand bar (wide screens), bottom tabs (phones), the
 * route-loading bar, toasts, the new-build banner, and the fatal-error page.
 */
export function AppShell() {
  const location = useLocation();
  const navigation = useNavigation();
  const fatal = useFatalError();
  const config = usePublicConfig();
  // Keeps the current user warm for every screen; fetched only when logged in.
  useCurrentUser();

  const analyticsUrl = config.data?.analytics_script_url;
  useEffect(() => {
    injectAnalytics(analyticsUrl);
  }, [analyticsUrl]);

  // A fatal error belongs to the page it happened on; moving on clears it.
  useEffect(() => enterPage(location.pathname), [location.pathname]);

  return (
    <div className="app">
      <header className="brand-bar">
        <Link to="/" className="brand">
          <Logo size={28} />
          <span className="brand-name">畅读</span>
        </Link>
        <TabBar className="brand-nav" />
      </header>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="页面加载中" />}
      <main className="app-main">{fatal ? <ErrorView status={500} /> : <Outlet />}</main>
      <TabBar />
      <UpdateBanner />
      <OutboxStatus />
      <ToastHost />
    </div>
  );
}
