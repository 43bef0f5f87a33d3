/**
 * `Content-Disposition: attachment` for a download with a Chinese name (RFC 6266 / 5987): the
 * exact name as UTF-8, and a plain-ASCII `filename` for old clients (`fallback`, or the name
 * with every non-ASCII character replaced).
 */
export function attachment(name: string, fallback?: string): string {
  const clean = name.replace(/[\p{Cc}/\\]/gu, '_');
  const ascii = (fallback ?? clean).replace(/[^\x20-\x7e]|["%]/g, '_');
  // encodeURIComponent leaves ' ( ) * alone, which RFC 5987 does not allow unencoded.
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
