import { describe, expect, it } from 'vitest';
import { requestIds } from './request-id.js';

describe('request ids', () => {
  it('never repeat within a process, and two processes draw different prefixes', () => {
    const one = requestIds();
    const ids = Array.from({ length: 100_000 }, one);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9a-z]{5}-0$/);
    expect(ids.at(-1)).toMatch(/^[0-9a-z]{5}-255r$/);
    const prefixes = new Set(Array.from({ length: 20 }, () => requestIds()().split('-')[0]));
    expect(prefixes.size).toBeGreaterThan(15);
  });
});
