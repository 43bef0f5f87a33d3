/**
 * The signed-request helper (spec §7 Misc): a millisecond time prefix followed by a
 * three-digit checksum over the request's parameters, sorted by name. It is not a
 * secret — the web client computes it — but it binds a report (e.g. reading time)
 * to the moment it was made and to its exact parameters, so replays and edited
 * payloads are rejected by the server.
 */
export type SignableValue = string | number | boolean | null | undefined;

/** Canonical form: `k=v` pairs sorted by key, undefined/null dropped, joined by `&`. */
export function canonicalParams(params: Record<string, SignableValue>): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
}

/** FNV-1a 32-bit: tiny, synchronous and identical in the browser and in Node. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function checksum(time: number, params: Record<string, SignableValue>): string {
  return String(fnv1a(`${time}|${canonicalParams(params)}`) % 1000).padStart(3, '0');
}

export function signParams(params: Record<string, SignableValue>, now: number = Date.now()): string {
  const time = Math.floor(now);
  return `${time}${checksum(time, params)}`;
}

export type SignatureCheck = { ok: true; time: number } | { ok: false; reason: 'malformed' | 'checksum' | 'expired' };

/** Verifies a signature made by {@link signParams} no longer than `maxAgeMs` ago (or in the near future). */
export function verifySignature(
  signature: string | null | undefined,
  params: Record<string, SignableValue>,
  options: { now?: number; maxAgeMs?: number; maxSkewMs?: number } = {},
): SignatureCheck {
  if (!signature || !/^\d{4,16}$/.test(signature)) return { ok: false, reason: 'malformed' };
  const time = Number(signature.slice(0, -3));
  if (checksum(time, params) !== signature.slice(-3)) return { ok: false, reason: 'checksum' };
  const now = options.now ?? Date.now();
  const maxAge = options.maxAgeMs ?? 5 * 60_000;
  const maxSkew = options.maxSkewMs ?? 60_000;
  if (now - time > maxAge || time - now > maxSkew) return { ok: false, reason: 'expired' };
  return { ok: true, time };
}
