import { useSyncExternalStore } from 'react';
import { Cookies } from '@changdu/contract';
import { getCookie, removeCookie, setCookie } from './cookies';
import { getTheme as getAppTheme, isInApp } from './native-bridge';

/**
 * Light, dark and black (OLED) themes. The choice is stored in localStorage and in the
 * `bb_theme` cookie (so the server and the native app can read it) and applied as
 * `<html data-theme>`, which selects a CSS-variable set in styles/tokens.css.
 * An empty stored value means "follow the system".
 */
export const themes = ['light', 'dark', 'black'] as const;
export type Theme = (typeof themes)[number];
export type ThemePreference = Theme | '';

const STORAGE_KEY = Cookies.theme;

/** Browser chrome colour per theme; matches --color-bg in tokens.css. */
const themeColors: Record<Theme, string> = { light: '#f8f5ef', dark: '#1b1b1d', black: '#000000' };

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}

export function getStoredTheme(): ThemePreference {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage disabled (private mode in some WebViews): the cookie still works.
  }
  const value = stored ?? getCookie(Cookies.theme);
  return isTheme(value) ? value : '';
}

const listeners = new Set<() => void>();

export function storeTheme(preference: ThemePreference): void {
  try {
    if (preference) localStorage.setItem(STORAGE_KEY, preference);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // See getStoredTheme: the cookie below is the fallback store.
  }
  if (preference) setCookie(Cookies.theme, preference, { expires: 365 });
  else removeCookie(Cookies.theme);
  for (const listener of listeners) listener();
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function resolveTheme(preference: ThemePreference): Theme {
  return preference || (systemPrefersDark() ? 'dark' : 'light');
}

/** Sets `<html data-theme>` and the browser chrome colour. */
export function applyTheme(preference: ThemePreference): Theme {
  const theme = resolveTheme(preference);
  document.documentElement.dataset.theme = theme;
  // Both theme colours (light and dark system schemes, index.html) become the app's own choice.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.setAttribute('content', themeColors[theme]);
  return theme;
}

let watchingSystem = false;

/** Applies the stored theme; call first thing at start. Follows system changes while unset. */
export function applyStoredTheme(): Theme {
  if (!watchingSystem && typeof window.matchMedia === 'function') {
    watchingSystem = true;
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      if (getStoredTheme() === '') applyTheme('');
    });
  }
  return applyTheme(getStoredTheme());
}

/**
 * Inside the native app, adopt the app's theme when the stored one is empty, light or
 * black (spec §4): a reader who picked dark on the web keeps it.
 */
export async function syncAppTheme(): Promise<void> {
  if (!isInApp()) return;
  const stored = getStoredTheme();
  if (stored !== '' && stored !== 'light' && stored !== 'black') return;
  const appTheme = await getAppTheme();
  if (!isTheme(appTheme)) return;
  storeTheme(appTheme);
  applyTheme(appTheme);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored preference and a setter that stores and applies it. */
export function useThemePreference(): [ThemePreference, (next: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, getStoredTheme, () => '' as const);
  return [
    preference,
    (next) => {
      storeTheme(next);
      applyTheme(next);
    },
  ];
}
