const SCRIPT_ID = 'bb-analytics';

/**
 * Injects the analytics script the server's config names (`analytics_script_url`);
 * nothing when it is null. Injected once however often the config arrives.
 */
export function injectAnalytics(url: string | null | undefined): HTMLScriptElement | null {
  if (!url) return null;
  const existing = document.getElementById(SCRIPT_ID);
  if (existing instanceof HTMLScriptElement) return existing;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = url;
  document.head.appendChild(script);
  return script;
}
