import { goBackAPP, isInApp } from './native-bridge';

/**
 * Whether this tab has an earlier page of ours to go back to. React Router's browser
 * history numbers its entries in `history.state.idx`; 0 (or none) is the first page.
 */
export function canGoBack(): boolean {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return false;
  const idx = (state as { idx: unknown }).idx;
  return typeof idx === 'number' && idx > 0;
}

/**
 * The back action (spec §2): history back when there is history; otherwise home in a
 * browser, or the native app's own back inside the app.
 */
export async function goBack(navigate: (to: string | number) => void): Promise<void> {
  if (canGoBack()) {
    navigate(-1);
    return;
  }
  if (isInApp() && (await goBackAPP())) return;
  navigate('/');
}

/**
 * A `redirect` parameter made safe to navigate to: only a path on this site
 * (`/…`, not `//host` or `/\host`, which browsers treat as another origin).
 */
export function safeRedirect(value: string | null | undefined, fallback = '/Mine'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** `/Login?redirect=<here>` for a screen that needs a login. */
export function loginPathFor(path: string): string {
  return `/Login?redirect=${encodeURIComponent(path)}`;
}
