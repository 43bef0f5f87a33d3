import { randomBytes } from 'node:crypto';

/**
 * Request ids: a random prefix drawn once per process, then a counter. Ids never repeat within
 * a process (with eight random hex characters per request, as before, two of any ~77,000
 * requests shared an id half the time), processes behind one proxy are told apart by the
 * prefix, and a request costs an increment instead of a random draw. Counting in base 36 keeps
 * them short: the millionth request of a process is `k7q2m-lfls`.
 */
export function requestIds(): () => string {
  const prefix = randomBytes(4).readUInt32BE(0).toString(36).padStart(7, '0').slice(-5);
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}
