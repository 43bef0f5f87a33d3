import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsLoggedIn } from '../lib/session';
import { loginPathFor } from '../lib/navigation';

/** Renders its screen for a logged-in reader; sends anyone else to the login page and back. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search } = useLocation();
  if (!loggedIn) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return children;
}
