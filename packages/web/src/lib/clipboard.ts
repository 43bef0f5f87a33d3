/** The fixed prompt text of the last-resort copy (spec §8). */
export const COPY_PROMPT = 'Copy to clipboard: key, Enter';

/**
 * Copies text: the async Clipboard API, then the legacy `execCommand('copy')` (older
 * WebViews, plain http), then a prompt showing the text for the reader to copy by hand.
 * Resolves true when the text reached the clipboard programmatically.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable (no user gesture, insecure origin): try the legacy path.
  }
  if (execCommandCopy(text)) return true;
  window.prompt(COPY_PROMPT, text);
  return false;
}

function execCommandCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // execCommand is deprecated but still the only synchronous copy in old WebViews.
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
