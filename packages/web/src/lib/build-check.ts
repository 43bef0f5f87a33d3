/**
 * Detects a newer deployment: every hour the running build's id is compared with
 * `/version.json`, which each build writes (see vite.config.ts).
 */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The id this bundle was built with; "dev" under the dev server and in tests. */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

/** The deployed build id, or null when it cannot be read (offline, dev server). */
export async function fetchDeployedBuildId(): Promise<string | null> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const id = typeof body === 'object' && body !== null ? (body as { build_id?: unknown }).build_id : null;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}

/**
 * Checks every hour and calls `onNewBuild` once per newly deployed id. Returns a stop
 * function. A dev build never checks: it has no version.json.
 */
export function startBuildCheck(
  onNewBuild: (id: string) => void,
  { currentId = BUILD_ID, intervalMs = BUILD_CHECK_INTERVAL_MS }: { currentId?: string; intervalMs?: number } = {},
): () => void {
  if (currentId === 'dev') return () => {};
  let announced = currentId;
  const timer = window.setInterval(() => {
    void fetchDeployedBuildId().then((id) => {
      if (id && id !== announced) {
        announced = id;
        onNewBuild(id);
      }
    });
  }, intervalMs);
  return () => window.clearInterval(timer);
}
