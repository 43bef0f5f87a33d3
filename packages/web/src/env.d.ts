/// <reference types="vite/client" />

/** The id of the running build, defined by the build-id plugin in vite.config.ts. */
declare const __BUILD_ID__: string;

interface FlutterInAppWebView {
  callHandler(name: string, ...args: unknown[]): Promise<unknown>;
}

interface Window {
  /** Client-info string injected by the native app wrapper (`source_platform_channel_versionCode_version`). */
  __CLIENT_INFO__?: string;
  /** App-store review mode flag injected by the native app; true when the string 'true'. */
  __REVIEW_MODE__?: string | boolean;
  /** The JavaScript bridge flutter_inappwebview installs in the app's WebView. */
  flutter_inappwebview?: FlutterInAppWebView;
}
