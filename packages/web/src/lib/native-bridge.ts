import { getClientInfo } from './client-identity';

/**
 * The bridge to the native app wrapper.
 *
 * Protocol: the app hosts this page in a flutter_inappwebview WebView and registers
 * JavaScript handlers named `share`, `openInBrowser`, `goBackAPP` and `getTheme`
 * (`InAppWebViewController.addJavaScriptHandler`). The page calls them with
 * `window.flutter_inappwebview.callHandler(name, ...args)`, which returns a Promise of
 * the handler's answer. The object may be injected slightly after the page starts;
 * the plugin then fires `flutterInAppWebViewPlatformReady` on window.
 * See https://inappwebview.dev/docs/webview/javascript/communication/
 *
 * "Inside the app" means: the client-info string says `source` = app, or the bridge
 * object is present. Outside the app every call is a harmless no-op that answers
 * false/null, so callers can fall back to a browser behaviour.
 */

const READY_EVENT = 'flutterInAppWebViewPlatformReady';
const READY_TIMEOUT_MS = 3000;

export function isInApp(): boolean {
  if (getClientInfo()?.source.toLowerCase() === 'app') return true;
  return typeof window.flutter_inappwebview?.callHandler === 'function';
}

/** Resolves to the bridge once injected, or null when it does not appear in time. */
function waitForBridge(): Promise<FlutterInAppWebView | null> {
  const ready = window.flutter_inappwebview;
  if (ready && typeof ready.callHandler === 'function') return Promise.resolve(ready);
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener(READY_EVENT, done);
      window.clearTimeout(timer);
      resolve(window.flutter_inappwebview ?? null);
    };
    const timer = window.setTimeout(done, READY_TIMEOUT_MS);
    window.addEventListener(READY_EVENT, done);
  });
}

async function callNative(name: string, ...args: unknown[]): Promise<{ ok: boolean; value: unknown }> {
  if (!isInApp()) return { ok: false, value: null };
  const bridge = await waitForBridge();
  if (!bridge) return { ok: false, value: null };
  try {
    return { ok: true, value: await bridge.callHandler(name, ...args) };
  } catch (error) {
    // An older app build without this handler: the caller falls back to the web behaviour.
    console.warn(`native handler ${name} failed`, error);
    return { ok: false, value: null };
  }
}

/** Opens the app's share sheet. False when not handled (outside the app). */
export async function share(text: string): Promise<boolean> {
  return (await callNative('share', text)).ok;
}

/** Asks the app to open a URL in the system browser. False when not handled. */
export async function openInBrowser(url: string): Promise<boolean> {
  return (await callNative('openInBrowser', url)).ok;
}

/** Asks the app to leave the WebView (its own back action). False when not handled. */
export async function goBackAPP(): Promise<boolean> {
  return (await callNative('goBackAPP')).ok;
}

/** The app's current theme name, or null outside the app or when it has none. */
export async function getTheme(): Promise<string | null> {
  const { value } = await callNative('getTheme');
  return typeof value === 'string' && value !== '' ? value : null;
}
