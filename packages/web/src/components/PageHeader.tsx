import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../hooks/usePageTitle';
import { goBack } from '../lib/navigation';

export interface PageHeaderProps {
  title: string;
  /** Shows the back button (sub-pages); tab roots leave it out. */
  back?: boolean;
  actions?: ReactNode;
  /** The tab title when it should differ from the heading; null → the app's own title (home). */
  documentTitle?: string | null;
  /** `p` when the screen has its own main heading (the article page), so there is one h1. */
  titleAs?: 'h1' | 'p';
}

/** The sticky top bar of a screen; also sets the tab title. */
export function PageHeader({ title, back = false, actions, documentTitle, titleAs: Title = 'h1' }: PageHeaderProps) {
  const navigate = useNavigate();
  usePageTitle(documentTitle === undefined ? title : documentTitle);
  return (
    <header className="page-header">
      <div className="page-header-side">
        {back && (
          <button
            type="button"
            className="icon-button"
            aria-label="返回"
            onClick={() => void goBack((to) => void (typeof to === 'number' ? navigate(to) : navigate(to)))}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
      </div>
      <Title className="page-title">{title}</Title>
      <div className="page-header-side page-header-actions">{actions}</div>
    </header>
  );
}
