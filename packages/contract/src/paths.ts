// Path templates (`/reader/article/{id}/show`) and where each input field travels, with no zod:
// shared by the server's router, the web client, the test app and the OpenAPI writer.

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

export type Method = 'GET' | 'POST';

/** What decides where an endpoint's input fields travel (the generated route table carries exactly this). */
export interface RouteShape {
  method: Method;
  path: string;
  /** Fields of a POST that travel in the URL's query string, not in the JSON body. */
  query?: readonly string[];
}

/** Whether a (non-path) input field travels in the query string: every field of a GET, the declared `query` fields of a POST. */
export function inQuery(route: RouteShape, name: string): boolean {
  return route.method === 'GET' || (route.query?.includes(name) ?? false);
}

/**
 * An input as the request carries it: path params filled into the URL, query fields apart (the
 * caller writes them as text), the rest as the JSON body of a POST (null for a GET).
 */
export function requestParts(
  route: RouteShape,
  input: Record<string, unknown>,
): { url: string; query: Record<string, unknown>; body: Record<string, unknown> | null } {
  const { url, rest } = fillPath(route.path, input);
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) (inQuery(route, key) ? query : body)[key] = value;
  return { url, query, body: route.method === 'GET' ? null : body };
}

/** The path as the spec writes a POST with query fields: `/reader/article/{id}/retranslate?ai&cache`. */
export function describedPath(route: RouteShape): string {
  return route.method === 'POST' && route.query?.length ? `${route.path}?${route.query.join('&')}` : route.path;
}
