/** Minimal document.cookie access: read, write (path /, SameSite=Lax) and remove. */

export interface CookieOptions {
  /** Expiry as a date, or a number of days from now. Omitted: a session cookie. */
  expires?: Date | number;
}

export function getCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return safeDecode(item.slice(prefix.length));
  }
  return null;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.expires !== undefined) {
    const date = typeof options.expires === 'number' ? new Date(Date.now() + options.expires * 86_400_000) : options.expires;
    parts.push(`expires=${date.toUTCString()}`);
  }
  // Secure only where it can work: a plain-http dev server would silently drop the cookie.
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

// A cookie written by someone else (the native app) may not be URI-encoded.
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
