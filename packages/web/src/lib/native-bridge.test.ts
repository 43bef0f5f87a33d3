import { describe, expect, it, vi } from 'vitest';
import { getTheme, goBackAPP, isInApp, openInBrowser, share } from './native-bridge';

function installBridge(answers: Record<string, unknown> = {}) {
  const callHandler = vi.fn(async (name: string) => answers[name] ?? null);
  window.flutter_inappwebview = { callHandler };
  return callHandler;
}

describe('native bridge', () => {
  it('is a harmless no-op in a plain browser', async () => {
    expect(isInApp()).toBe(false);
    await expect(share('hello')).resolves.toBe(false);
    await expect(openInBrowser('https://example.com')).resolves.toBe(false);
    await expect(goBackAPP()).resolves.toBe(false);
    await expect(getTheme()).resolves.toBeNull();
  });

  it('calls the app handlers by name with their arguments inside the app', async () => {
    const callHandler = installBridge({ getTheme: 'dark' });
    expect(isInApp()).toBe(true);
    await expect(share('Share the article')).resolves.toBe(true);
    await openInBrowser('https://example.com/a');
    await goBackAPP();
    await expect(getTheme()).resolves.toBe('dark');
    expect(callHandler.mock.calls).toEqual([
      ['share', 'Share the article'],
      ['openInBrowser', 'https://example.com/a'],
      ['goBackAPP'],
      ['getTheme'],
    ]);
  });

  it('waits for the bridge when the client info says app but the bridge is injected late', async () => {
    vi.useFakeTimers();
    window.__CLIENT_INFO__ = 'app_android_huawei_120_1.2.0';
    const pending = getTheme();
    const callHandler = installBridge({ getTheme: 'black' });
    window.dispatchEvent(new Event('flutterInAppWebViewPlatformReady'));
    await expect(pending).resolves.toBe('black');
    expect(callHandler).toHaveBeenCalledWith('getTheme');
  });

  it('gives up quietly when the app never injects the bridge', async () => {
    vi.useFakeTimers();
    window.__CLIENT_INFO__ = 'app_android_huawei_120_1.2.0';
    const pending = goBackAPP();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(pending).resolves.toBe(false);
  });
});
