import { describe, expect, it, vi } from 'vitest';
import { applyStoredTheme, getStoredTheme, storeTheme, syncAppTheme } from './theme';
import { getCookie } from './cookies';

function inApp(theme: string) {
  window.flutter_inappwebview = { callHandler: vi.fn(async (name: string) => (name === 'getTheme' ? theme : null)) };
}

describe('theme', () => {
  it('applies the stored theme to the document on load', () => {
    localStorage.setItem('bb_theme', 'black');
    expect(applyStoredTheme()).toBe('black');
    expect(document.documentElement.dataset.theme).toBe('black');
  });

  it('reads the bb_theme cookie when localStorage has nothing', () => {
    document.cookie = 'bb_theme=dark; path=/';
    applyStoredTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('falls back to light (the system preference) when nothing valid is stored', () => {
    localStorage.setItem('bb_theme', 'purple');
    expect(getStoredTheme()).toBe('');
    expect(applyStoredTheme()).toBe('light');
  });

  it('stores a choice in localStorage and the bb_theme cookie', () => {
    storeTheme('dark');
    expect(localStorage.getItem('bb_theme')).toBe('dark');
    expect(getCookie('bb_theme')).toBe('dark');
  });

  it.each(['', 'light', 'black'] as const)('in the app, adopts the app theme when the stored theme is "%s"', async (stored) => {
    if (stored) storeTheme(stored);
    inApp('dark');
    await syncAppTheme();
    expect(getStoredTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('in the app, keeps a stored dark theme', async () => {
    storeTheme('dark');
    inApp('light');
    await syncAppTheme();
    expect(getStoredTheme()).toBe('dark');
  });

  it('outside the app, never asks for an app theme', async () => {
    storeTheme('light');
    await syncAppTheme();
    expect(getStoredTheme()).toBe('light');
  });
});
