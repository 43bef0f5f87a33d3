import { describe, expect, it } from 'vitest';
import { clamp, quoteBudget } from './poster-text.js';

describe('poster text', () => {
  it('keeps text that fits', () => {
    expect(clamp('Residents had asked for years.', 200)).toBe('Residents had asked for years.');
  });

  it('ends a long English quote at a word, without trailing punctuation, with an ellipsis', () => {
    const text = 'That the most widely used digital services cost their users nothing at the point of consumption, is so familiar';
    expect(clamp(text, 70)).toBe('That the most widely used digital services cost their users nothing at…');
    expect(clamp(text, 70).length).toBeLessThanOrEqual(71);
  });

  it('cuts Chinese, which has no spaces, at the limit, dropping punctuation before the ellipsis', () => {
    expect(clamp('注意力经济的两难：最常用的数字服务在使用时不向用户收费', 9)).toBe('注意力经济的两难…');
    expect(clamp('注意力经济的两难：最常用的数字服务在使用时不向用户收费', 12)).toBe('注意力经济的两难：最常用…');
  });

  it('leaves the quote less room under a long title', () => {
    expect(quoteBudget('The Quiet Return of Night Trains', true)).toBeGreaterThan(
      quoteBudget('The Uneasy Economics of Attention and Its Discontents', true),
    );
    expect(quoteBudget('A'.repeat(200), true)).toBe(96);
  });
});
