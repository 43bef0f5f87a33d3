import { ErrorView } from './ErrorView';

/** The catch-all route: every path no screen claims. */
export function NotFound() {
  return <ErrorView status={404} />;
}
