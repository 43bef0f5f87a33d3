import { PLACEHOLDER_COUNT } from '@changdu/contract';
import { describe, expect, it } from 'vitest';
import demo from '../../seed/demo-articles.json' with { type: 'json' };
import { placeholderFor } from './article.mapper.js';

describe('placeholder covers', () => {
  it('are stable for an article and within the list', () => {
    expect(placeholderFor('Night Trains', ['travel'])).toBe(placeholderFor('  night trains ', ['travel']));
    for (const a of demo) {
      const n = placeholderFor(a.title, a.topics);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(PLACEHOLDER_COUNT);
    }
  });

  it('vary across the demo articles (derived from title and topic, not the row id)', () => {
    const used = new Set(demo.map((a) => placeholderFor(a.title, a.topics)));
    expect(used.size).toBeGreaterThanOrEqual(Math.ceil(demo.length * 0.7));
    expect(placeholderFor('Same title', ['science'])).not.toBe(placeholderFor('Same title', ['travel']));
  });
});
