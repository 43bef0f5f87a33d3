import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageStep, scheduleScrollToTop, scrollPage, shouldScrollToTop } from './scroll';

describe('scroll to top after a route change', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo = vi.fn() as typeof window.scrollTo;
  });

  it('scrolls to the top 500 ms after the change, not before', () => {
    scheduleScrollToTop('/Mine');
    vi.advanceTimersByTime(499);
    expect(window.scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('leaves the article page where it is', () => {
    expect(shouldScrollToTop('/article/42')).toBe(false);
    scheduleScrollToTop('/article/42');
    vi.advanceTimersByTime(1000);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('leaves the book reader where it is (it restores the place and jumps to TOC sections itself)', () => {
    expect(shouldScrollToTop('/book/7/read')).toBe(false);
    expect(shouldScrollToTop('/book/7/show')).toBe(true);
    expect(shouldScrollToTop('/book')).toBe(true);
  });

  it('still scrolls on the article list and other pages under /article', () => {
    expect(shouldScrollToTop('/article')).toBe(true);
    expect(shouldScrollToTop('/article/42/poster3')).toBe(true);
    expect(shouldScrollToTop('/')).toBe(true);
  });

  it('a cancelled scroll (the reader moved on within 500 ms) never fires', () => {
    const cancel = scheduleScrollToTop('/About');
    vi.advanceTimersByTime(300);
    cancel();
    vi.advanceTimersByTime(500);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});

describe('page-scroll steps', () => {
  const height = window.innerHeight;
  afterEach(() => {
    Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
  });

  it('move by the window height minus 250 px, down and up', () => {
    Object.defineProperty(window, 'innerHeight', { value: 844, configurable: true });
    window.scrollBy = vi.fn() as typeof window.scrollBy;
    expect(pageStep()).toBe(594);
    scrollPage('down');
    scrollPage('up');
    expect(window.scrollBy).toHaveBeenNthCalledWith(1, { top: 594, behavior: 'smooth' });
    expect(window.scrollBy).toHaveBeenNthCalledWith(2, { top: -594, behavior: 'smooth' });
  });
});
