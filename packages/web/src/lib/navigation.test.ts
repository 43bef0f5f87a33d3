import { describe, expect, it, vi } from 'vitest';
import { canGoBack, goBack, safeRedirect } from './navigation';

describe('back action', () => {
  it('goes back in history when there is an earlier page', async () => {
    window.history.replaceState({ idx: 2 }, '');
    const navigate = vi.fn();
    await goBack(navigate);
    expect(navigate).toHaveBeenCalledWith(-1);
  });

  it('goes home in a browser when there is no history', async () => {
    window.history.replaceState({ idx: 0 }, '');
    expect(canGoBack()).toBe(false);
    const navigate = vi.fn();
    await goBack(navigate);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('asks the native app to go back inside the app when there is no history', async () => {
    window.history.replaceState(null, '');
    const callHandler = vi.fn(async () => null);
    window.flutter_inappwebview = { callHandler };
    const navigate = vi.fn();
    await goBack(navigate);
    expect(callHandler).toHaveBeenCalledWith('goBackAPP');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('login redirect target', () => {
  it('keeps paths on this site and refuses other origins', () => {
    expect(safeRedirect('/admin/visitor?x=1')).toBe('/admin/visitor?x=1');
    expect(safeRedirect('//evil.example')).toBe('/Mine');
    expect(safeRedirect('/\\evil.example')).toBe('/Mine');
    expect(safeRedirect('https://evil.example')).toBe('/Mine');
    expect(safeRedirect(null)).toBe('/Mine');
  });
});
