import { vi } from 'vitest';

/** A CacheStorage of plain maps, keyed by URL: what the worker's caches hold, as the page reads them. */
export function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const cache = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const url = (r: RequestInfo | URL) => new URL(typeof r === 'string' ? r : r instanceof URL ? r.href : r.url, 'http://localhost').href;
    return {
      keys: async () => [...store.keys()].map((u) => new Request(u)),
      match: async (r: RequestInfo | URL) => store.get(url(r))?.clone(),
      put: async (r: RequestInfo | URL, response: Response) => void store.set(url(r), response),
      delete: async (r: RequestInfo | URL) => store.delete(url(r)),
    };
  };
  vi.stubGlobal('caches', { open: async (name: string) => cache(name) });
  const put = (name: string, path: string, body: string, headers: Record<string, string> = {}) =>
    cache(name).put(path, new Response(body, { headers }));
  return { put, urls: (name: string) => [...(stores.get(name)?.keys() ?? [])].map((u) => new URL(u).pathname) };
}
