import {
  Codes,
  NETWORK_ERROR_MSG,
  REQUESTED_WITH,
  defaultMessages,
  endpoints,
  fillPath,
  requestParts,
  type Code,
  type Endpoints,
  type EndpointName,
  type Envelope,
  type InputOf,
  type OutputOf,
} from '@changdu/contract';
import { getAppId, getClientId, getRawClientInfo } from '../lib/client-identity';
import { sessionEnded } from '../lib/session';

/**
 * The typed API client. Every call is named after an entry of the contract's endpoint
 * table, so its path, method, input and result types come from one place. Calls never
 * throw: failures come back as envelopes, as the spec's error catalogue describes
 * (§8). `unwrap` turns a failed envelope into an ApiError for TanStack Query.
 */

export type Input<N extends EndpointName> = InputOf<Endpoints[N]>;
export type Output<N extends EndpointName> = OutputOf<Endpoints[N]>;

export interface CallOptions {
  /**
   * Follow the catalogue's "401/403 → login page" rule (default true). Background calls
   * (log events, config, the start-up user check) turn it off: they must never move
   * the reader away from what they are looking at.
   */
  redirectOnAuthError?: boolean;
  signal?: AbortSignal;
  /** Extra headers for this call, e.g. a request signature; identity headers cannot be replaced. */
  headers?: Record<string, string>;
  /** Let the request outlive the page (a last report while the reader leaves). */
  keepalive?: boolean;
}

/** A failed call, thrown by `unwrap`: `msg` is learner-facing Chinese, fit to show as is. */
export class ApiError extends Error {
  readonly code: Code | '';
  readonly msg: string;
  constructor(code: Code | '', msg: string) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
  }
}

export const LOGIN_PATH = '/Login';
const AUTH_PAGES = /^\/(login|register|reset)\/?$/i;

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/** The router installs its navigate here so a redirect does not reload the page. */
export function setNavigate(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Sends the reader to the login page, which brings them back here afterwards. */
export function redirectToLogin(): void {
  const { pathname, search, hash } = window.location;
  // Already on an auth page: the form shows the message; there is nowhere better to go.
  if (AUTH_PAGES.test(pathname)) return;
  navigateTo(`${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search + hash)}`);
}

/**
 * The identity headers every call carries (DESIGN.md §3). The login itself travels in the
 * HttpOnly `bb_token` cookie, which the browser attaches and script never reads; the
 * server accepts that cookie only beside `X-Requested-With`, a header no cross-site form or
 * link can send (docs/decisions.md, Accounts).
 */
export function identityHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-BB-CUID': getClientId(), 'X-Requested-With': REQUESTED_WITH };
  const appId = getAppId();
  if (appId) headers['X-BB-UA'] = headerSafe(appId);
  const clientInfo = getRawClientInfo();
  if (clientInfo) headers['X-Client-Info'] = headerSafe(clientInfo);
  return headers;
}

// A call's extra headers may not bring a login of their own: the session is the cookie's.
function withoutCredentials(extra: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(extra).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

// fetch rejects header values outside Latin-1, which would look like a network error.
function headerSafe(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

function toQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Places an input where the contract says it travels (path, query string, JSON body), filling
 * `headers` and `init`; answers the URL to fetch. One way for every call, streamed or not.
 */
export function requestInit<N extends EndpointName>(name: N, input: Input<N>, headers: Record<string, string>, init: RequestInit): string {
  // Inputs are zod-object inputs: plain records of fields.
  const { url, query, body } = requestParts(endpoints[name], input as Record<string, unknown>);
  if (body) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return url + toQuery(query);
}

/** The URL of a GET endpoint with its input, for `<img src>` and download links. */
export function endpointUrl<N extends EndpointName>(name: N, input: Input<N>): string {
  const { url, rest } = fillPath(endpoints[name].path, input as Record<string, unknown>);
  return url + toQuery(rest);
}

function isCode(value: unknown): value is Code {
  return typeof value === 'string' && (Object.values(Codes) as string[]).includes(value);
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null || !('status' in body)) return false;
  const status = (body as { status: unknown }).status;
  return typeof status === 'object' && status !== null && 'code' in status;
}

const networkFailure = <T>(): Envelope<T> => ({ status: { code: '', msg: NETWORK_ERROR_MSG }, result: null });

/** Calls an endpoint of the contract table. Never throws; see the module comment. */
export async function call<N extends EndpointName>(name: N, input: Input<N>, options: CallOptions = {}): Promise<Envelope<Output<N>>> {
  const ep = endpoints[name];
  const headers = { ...withoutCredentials(options.headers), ...identityHeaders() };
  const init: RequestInit = { method: ep.method, headers, credentials: 'same-origin', signal: options.signal };
  if (options.keepalive) init.keepalive = true;
  const target = requestInit(name, input, headers, init);

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(target, init);
    body = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error; // TanStack Query cancelled the query itself
    return networkFailure();
  }

  const redirect = options.redirectOnAuthError ?? true;
  const bodyCode = isEnvelope(body) ? String(body.status.code) : null;
  if (response.status === 401 || response.status === 403 || bodyCode === Codes.FORBIDDEN) {
    // 401: the server holds no live session for this browser (and has dropped a dead cookie).
    if (response.status === 401) sessionEnded();
    if (redirect) redirectToLogin();
    const code = isCode(bodyCode) ? bodyCode : response.status === 401 ? Codes.UNAUTHORIZED : Codes.FORBIDDEN;
    const msg = isEnvelope(body) && body.status.msg ? body.status.msg : defaultMessages[code];
    return { status: { code, msg }, result: null };
  }
  // A proxy's HTML error page or an empty body: to the reader it is the network failing.
  if (!isEnvelope(body)) return networkFailure();
  return body as Envelope<Output<N>>;
}

/** The result of a successful envelope, or an ApiError carrying the server's message. */
export async function unwrap<T>(pending: Promise<Envelope<T>>): Promise<T> {
  const { status, result } = await pending;
  if (status.code !== Codes.OK) throw new ApiError(status.code, status.msg || NETWORK_ERROR_MSG);
  // A successful envelope's result has the endpoint's output type; only nullable outputs are null.
  return result as T;
}

/** A message fit to show for any error a query or mutation may raise. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.msg;
  return defaultMessages[Codes.INTERNAL];
}
