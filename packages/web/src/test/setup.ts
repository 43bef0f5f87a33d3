import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetIdentityForTests } from '../lib/client-identity';
import { resetFatalForTests } from '../lib/fatal-errors';
import { resetSessionForTests } from '../lib/session';
import { resetToastsForTests } from '../lib/toast';

// CI runs the server suites on two databases beside these on two cores: give async queries room.
configure({ asyncUtilTimeout: 5000 });

// Every test starts as a first-time visitor in a clean browser.
afterEach(() => {
  cleanup();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  localStorage.clear();
  sessionStorage.clear();
  resetIdentityForTests();
  resetSessionForTests();
  resetToastsForTests();
  resetFatalForTests();
  delete window.__CLIENT_INFO__;
  delete window.__REVIEW_MODE__;
  delete window.flutter_inappwebview;
  delete document.documentElement.dataset.theme;
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
