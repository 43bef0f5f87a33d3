import { describe, expect, it } from 'vitest';
import { canonicalParams, checksum, signParams, verifySignature } from './signing.js';

const NOW = 1_790_000_000_000;

describe('signed requests', () => {
  it('sorts parameters by name and drops empty ones', () => {
    expect(canonicalParams({ b: 2, a: 'x', c: undefined, d: null })).toBe('a=x&b=2');
  });

  it('is a time prefix followed by a three-digit checksum', () => {
    const sig = signParams({ article_id: 7, spent_time: 30 }, NOW);
    expect(sig).toMatch(/^\d+$/);
    expect(sig.slice(0, -3)).toBe(String(NOW));
    expect(sig.slice(-3)).toBe(checksum(NOW, { article_id: 7, spent_time: 30 }));
  });

  it('does not depend on parameter order', () => {
    expect(signParams({ a: 1, b: 2 }, NOW)).toBe(signParams({ b: 2, a: 1 }, NOW));
  });

  it('verifies a fresh signature over the same parameters', () => {
    const sig = signParams({ article_id: 7, spent_time: 30 }, NOW);
    expect(verifySignature(sig, { spent_time: 30, article_id: 7 }, { now: NOW + 1000 })).toEqual({ ok: true, time: NOW });
  });

  it('rejects edited parameters', () => {
    const sig = signParams({ article_id: 7, spent_time: 30 }, NOW);
    const results = [31, 32, 33, 34, 35].map((spent) => verifySignature(sig, { article_id: 7, spent_time: spent }, { now: NOW }));
    // A three-digit checksum collides 1 time in 1000; five edits all passing would be a broken checksum.
    expect(results.filter((r) => r.ok).length).toBeLessThan(2);
    expect(results.some((r) => !r.ok && r.reason === 'checksum')).toBe(true);
  });

  it('rejects old and far-future signatures', () => {
    const params = { article_id: 1 };
    expect(verifySignature(signParams(params, NOW), params, { now: NOW + 6 * 60_000 })).toEqual({ ok: false, reason: 'expired' });
    expect(verifySignature(signParams(params, NOW + 5 * 60_000), params, { now: NOW })).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects malformed signatures', () => {
    expect(verifySignature('abc', {})).toEqual({ ok: false, reason: 'malformed' });
    expect(verifySignature(undefined, {})).toEqual({ ok: false, reason: 'malformed' });
  });
});
