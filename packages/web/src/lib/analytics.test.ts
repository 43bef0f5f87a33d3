import { describe, expect, it } from 'vitest';
import { injectAnalytics } from './analytics';

describe('analytics script', () => {
  it('is injected once when the config names a URL', () => {
    injectAnalytics('https://stats.example.com/s.js');
    injectAnalytics('https://stats.example.com/s.js');
    const scripts = document.head.querySelectorAll('script[src="https://stats.example.com/s.js"]');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    scripts[0]?.remove();
  });

  it('is not injected when the config has no URL', () => {
    expect(injectAnalytics(null)).toBeNull();
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});
