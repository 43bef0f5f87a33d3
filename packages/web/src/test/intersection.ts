import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Replaces IntersectionObserver (jsdom has none) with one the test drives:
 * `scrollIntoView()` reports every observed element as visible, as scrolling to the
 * end of a list would.
 */
export function stubIntersectionObserver() {
  const live = new Set<FakeObserver>();
  class FakeObserver {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    readonly targets = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {
      live.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      live.delete(this);
    }
    takeRecords() {
      return [];
    }
    fire() {
      const entries = [...this.targets].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    scrollIntoView: () => act(() => [...live].forEach((observer) => observer.fire())),
    get observing() {
      return [...live].reduce((n, observer) => n + observer.targets.size, 0);
    },
  };
}
