import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.js';
import { Invalid } from './errors.js';

/**
 * Short-lived signed permissions (an upload under one key, an audio file without cookies, a
 * trial link): `base64url(json claims).base64url(hmac)`. Stateless, so any process holding
 * the app secret can check one; the purpose is signed in, so a token made for one use is
 * refused by every other.
 */
export interface SignedTokens {
  /** A token for `purpose` carrying `claims`, valid for `ttlMs` from now. */
  issue(purpose: string, claims: Record<string, unknown>, ttlMs: number): { token: string; expiresAt: Date };
  /**
   * The claims of a token issued for `purpose`; throws Invalid when forged, for another purpose
   * or expired, with `message`, or with its `expired` text for a genuine token past its time.
   */
  verify<T extends Record<string, unknown> = Record<string, unknown>>(purpose: string, token: string, message?: RefusalText): T;
}

/** What a refused token is told: one text, or one for a token that is only out of date. */
export type RefusalText = string | { invalid: string; expired: string };

interface Envelope {
  p: string;
  exp: number;
  c: Record<string, unknown>;
}

export function signedTokens(secret: string, clock: Clock): SignedTokens {
  if (secret.length < 16) throw new Error('the app secret must be at least 16 characters');
  const mac = (body: string) => createHmac('sha256', secret).update(body).digest();
  return {
    issue(purpose, claims, ttlMs) {
      const expiresAt = new Date(clock.now().getTime() + ttlMs);
      const body = Buffer.from(JSON.stringify({ p: purpose, exp: expiresAt.getTime(), c: claims } satisfies Envelope)).toString(
        'base64url',
      );
      return { token: `${body}.${mac(body).toString('base64url')}`, expiresAt };
    },
    verify<T extends Record<string, unknown>>(purpose: string, token: string, text: RefusalText = '链接无效或已过期'): T {
      const message = typeof text === 'string' ? text : text.invalid;
      const [body, sig, extra] = token.split('.');
      if (!body || !sig || extra !== undefined) throw new Invalid(message);
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Invalid(message);
      let env: Envelope;
      try {
        env = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Envelope;
      } catch {
        throw new Invalid(message);
      }
      if (env.p !== purpose || typeof env.exp !== 'number') throw new Invalid(message);
      if (env.exp <= clock.now().getTime()) throw new Invalid(typeof text === 'string' ? text : text.expired);
      return env.c as T;
    },
  };
}
