// Path templates (`/reader/article/{id}/show`), with no zod: shared by the server's router and the web client.

const PARAM = /\{(\w+)\??\}/g;

/** Names of the `{param}` segments of a path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]!);
}

/** `/reader/article/{id}/show` → `/reader/article/:id/show` for the router. */
export function routerPath(path: string): string {
  return path.replace(PARAM, ':$1');
}

/** Fills the path's params from `input` and returns the URL path and the remaining fields. */
export function fillPath(path: string, input: Record<string, unknown>): { url: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const url = path.replace(PARAM, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return { url, rest };
}
