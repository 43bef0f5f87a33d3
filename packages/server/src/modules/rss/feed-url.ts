const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The identity of a feed address: scheme and host in lower case, no default port, no fragment,
 * no trailing slash on the path; and this server's own host names (loopback names, the host of
 * PUBLIC_URL) all count as one host with any port, so the demo feed seeded as
 * http://localhost:3000/… is the same feed as http://127.0.0.1:3000/… typed by a manager.
 */
export function feedKey(url: string, publicUrl: string | null = null): string {
  const u = new URL(url);
  u.hash = '';
  const publicHost = publicUrl ? new URL(publicUrl).hostname.toLowerCase() : null;
  const host = u.hostname.toLowerCase();
  const self = LOOPBACK.has(host) || (publicHost !== null && host === publicHost);
  const path = u.pathname.replace(/\/+$/, '') || '/';
  const authority = self ? '<this server>' : u.host.toLowerCase();
  return `${self ? 'self' : u.protocol}//${authority}${path}${u.search}`;
}
