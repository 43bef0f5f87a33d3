import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStatus } from '../lib/session';
import { loginPathFor } from '../lib/navigation';
import { Spinner } from './Spinner';

/**
 * Renders its screen for a logged-in reader; sends anyone else to the login page and back.
 * While the server has not yet said (inside the native app, see lib/session.ts) it waits.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const { pathname, search } = useLocation();
  if (status === 'unknown') return <Spinner />;
  if (status === 'out') return <Navigate to={loginPathFor(pathname + search)} replace />;
  return children;
}
