import { describe, expect, it } from 'vitest';
import { applyHeldStyles } from './held-styles';

describe("the app's held styles", () => {
  it('become stylesheets, and the app waits until each has loaded or failed; other preloads stay as they are', async () => {
    document.head.innerHTML =
      '<link rel="preload" as="style" href="/a.css" data-held><link rel="preload" as="style" href="/b.css" data-held><link rel="preload" as="style" href="/other.css">';
    let done = false;
    const applied = applyHeldStyles().then(() => (done = true));
    const [a, b, other] = [...document.head.querySelectorAll('link')];
    expect([a!.rel, b!.rel, other!.rel]).toEqual(['stylesheet', 'stylesheet', 'preload']);
    expect(a!.hasAttribute('data-held')).toBe(false);
    a!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    b!.dispatchEvent(new Event('error'));
    await applied;
    expect(done).toBe(true);
  });
});
