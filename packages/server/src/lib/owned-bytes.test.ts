import { describe, expect, it } from 'vitest';
import { ownedBytes } from './owned-bytes.js';

describe('ownedBytes', () => {
  it('holds a short answer in memory of its own, not a slice of the shared 8 KB pool', () => {
    const text = `{"word":"run","meanings":["跑","经营"],"pad":"${'x'.repeat(1500)}"}`;
    const bytes = ownedBytes(text);
    expect(bytes.toString('utf8')).toBe(text);
    expect(bytes.buffer.byteLength).toBe(Buffer.byteLength(text));
    // What it replaces: Buffer.from keeps the whole pool slab alive for as long as the slice lives.
    expect(Buffer.from(text).buffer.byteLength).toBeGreaterThan(Buffer.byteLength(text));
  });
});
