import { forgetOfflineReading, sendOfflineReports } from '../lib/offline-reading';
import { forgetKept } from './keep';

/**
 * Before logging out: the reading time read offline and the outbox are sent while the session still lets it in. Answers how many
 * writes could not be sent (the reader is warned, and they are dropped with the session).
 */
export async function sendBeforeLogout(): Promise<number> {
  await sendOfflineReports().catch(() => false);
  if (typeof indexedDB === 'undefined') return 0;
  const outbox = await import('./outbox');
  await outbox.flushOutbox().catch(() => {});
  return outbox.waitingCount().catch(() => 0);
}

/** After logging out: the kept personal data, the outbox and the reading time read offline go. */
export async function forgetAfterLogout(): Promise<void> {
  forgetOfflineReading();
  await forgetKept().catch(() => {});
  if (typeof indexedDB === 'undefined') return;
  const outbox = await import('./outbox');
  await outbox.clearOutbox().catch(() => {});
}
