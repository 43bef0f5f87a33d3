import { NavLink, useLocation } from 'react-router';

/** The main sections: a bottom bar on phones, links in the top bar on wide screens (CSS). */
export const tabs = [
  { to: '/', label: '首页', icon: 'M4 11l8-7 8 7v8a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z' },
  {
    to: '/explore',
    label: '发现',
    icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm3.5-12.5l-2 5-5 2 2-5z',
  },
  { to: '/Mine', label: '我的', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c0-3.3 3.1-6 7-6s7 2.7 7 6' },
] as const;

/** `/article` is the home list too (spec §2). */
const HOME_ALIAS = /^\/article\/?$/i;

export function TabBar({ className = 'tab-bar' }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <nav className={className} aria-label="主导航">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.to === '/'}
          className={({ isActive }) => `tab-link${isActive || (tab.to === '/' && HOME_ALIAS.test(pathname)) ? ' active' : ''}`}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d={tab.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
          </svg>
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
