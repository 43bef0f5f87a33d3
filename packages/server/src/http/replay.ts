import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import { Cookies } from '@changdu/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.js';
import { ownedBytes } from '../lib/owned-bytes.js';
import { logReplayed } from './access-log.js';
import type { RequestView } from './request-view.js';

export type { RequestView };

/**
 * Answers the server keeps and replays (`PublicCache.replay` in the contract: the dictionary's).
 *
 * A reader's taps repeat — the same hard words in the same sentences of the same article, by
 * every reader of it — and an anonymous lookup's answer depends on its URL alone. After the
 * endpoint pipeline (http/register-endpoints.ts) has answered one, with every check it makes,
 * the answer's bytes and headers are kept here under the request's URL, for the endpoint's
 * `maxAge`. The server's request listener looks here before Fastify routes anything: a request
 * for that URL which could only have got the same answer — a GET with no credential, no
 * conditional and no `no-cache` — is sent the kept bytes with its own request id (and an access
 * line when that log is on). Everything else, and every miss, goes to Fastify as before.
 *
 * It is a cache of the server's own answers, not a second way to answer a call: nothing is
 * parsed, checked or computed here, and only an answer the pipeline gave may be sent again.
 * Routing costs more than the lookup it leads to (docs/performance.md): a replay skips it.
 */
export class AnswerReplay {
  readonly #kept: LRUCache<string, Kept>;
  readonly #clock: Clock;
  readonly #nextId: () => string;
  readonly #trustProxy: boolean;
  /** Answers replayed so far, per route pattern (for /metrics: replays never reach Fastify's hooks). */
  readonly #tallies = new Map<string, Tally>();

  constructor(options: { clock: Clock; nextId: () => string; trustProxy: boolean; maxBytes?: number }) {
    this.#clock = options.clock;
    this.#nextId = options.nextId;
    this.#trustProxy = options.trustProxy;
    // A word's answer is 1–3 KB: the default keeps a few thousand.
    this.#kept = new LRUCache({
      maxSize: options.maxBytes ?? 8 * 1024 * 1024,
      sizeCalculation: (k, url) => k.body.length + url.length + 300,
    });
  }

  /**
   * Keeps the answer the route is about to send to a caller who sent no credential, as it
   * stands (status, headers, body). Called by the endpoint pipeline only; an answer that sets a
   * cookie or is not a 200 is never kept.
   */
  keep(req: FastifyRequest, reply: FastifyReply, maxAge: number, body: Buffer | string): void {
    if (req.method !== 'GET' || reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return;
    const url = req.raw.url!;
    const expires = this.#clock.now().getTime() + maxAge * 1000;
    // The same bytes again (a frozen result's, http/serialize.ts): the answer is the one kept, renewed.
    const same = this.#kept.get(url);
    if (same !== undefined && same.body === body) {
      same.expires = expires;
      return;
    }
    const route = req.routeOptions.url ?? '(unmatched)';
    let tally = this.#tallies.get(route);
    if (!tally) this.#tallies.set(route, (tally = { count: 0 }));
    const bytes = typeof body === 'string' ? ownedBytes(body) : body;
    const head: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (name === 'x-request-id' || name === 'content-length' || value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) head.push(name, v);
      else head.push(name, String(value));
    }
    // The request id goes last: its slot is filled per answer.
    head.push('content-length', String(bytes.length), 'x-request-id', '');
    this.#kept.set(url, { head, body: bytes, expires, tally });
  }

  /** How many answers were replayed, per route pattern of the endpoint that first gave them. */
  replayedCounts(): IterableIterator<[route: string, tally: Readonly<Tally>]> {
    return this.#tallies.entries();
  }

  /** Fastify's `serverFactory`: an HTTP server like Fastify's own, with the replay in front of its router. */
  readonly serverFactory: FastifyServerFactory = (route, fastifyOptions) => {
    // Fastify hands the factory its whole (untyped) options object; these are the ones its own
    // factory applies to the server it makes (fastify/lib/server.js).
    const options = fastifyOptions as unknown as FactoryOptions;
    const log = options.logger.isLevelEnabled('info') ? options.logger : null;
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!this.#replayed(req, res, log)) route(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Sends the kept answer when this request may have it; false (nothing written) when it goes to the router. */
  #replayed(req: IncomingMessage, res: ServerResponse, log: FastifyBaseLogger | null): boolean {
    if (req.method !== 'GET') return false;
    const kept = this.#kept.get(req.url!);
    if (kept === undefined || !sameAnswer(req.headers)) return false;
    if (kept.expires <= this.#clock.now().getTime()) {
      this.#kept.delete(req.url!);
      return false;
    }
    const started = log ? performance.now() : 0;
    const id = this.#nextId();
    const head = kept.head.slice();
    head[head.length - 1] = id;
    res.writeHead(200, head);
    res.end(kept.body);
    kept.tally.count++;
    if (log) logReplayed(log, id, this.#requestView(req), res, performance.now() - started);
    return true;
  }

  /** The request as Fastify's log serializer reads it: the client and host as Fastify's request would name them. */
  #requestView(req: IncomingMessage): RequestView {
    // Node joins a repeated X-Forwarded-Host into one value; the type still allows a list.
    const forwardedHost = this.#trustProxy ? req.headers['x-forwarded-host']?.toString() : undefined;
    return {
      method: req.method,
      url: req.url,
      headers: req.headers,
      host: forwardedHost ? lastEntry(forwardedHost) : (req.headers.host ?? ''),
      ip: this.#trustProxy ? proxyAddr.all(req, trustEveryProxy).at(-1) : req.socket.remoteAddress,
      socket: req.socket,
    };
  }
}

interface Kept {
  /** Header names and values as `writeHead` takes them, the request id's slot last. */
  head: string[];
  body: Buffer;
  /** When the endpoint's `maxAge` runs out (ms, the app's clock). */
  expires: number;
  /** The replays counter of the endpoint's route, shared by every URL kept for it. */
  tally: Tally;
}

interface Tally {
  count: number;
}

interface FactoryOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
  /** Fastify's root logger: pino (app.ts configures it). */
  logger: Logger;
}

/**
 * Whether the route would give this request the kept answer: it sent no credential (a token,
 * even a stale one, may be answered for its sender alone), asks for no validation (`If-None-Match`
 * is the route's to answer with a 304) and lets a cache answer (no `no-cache`, as a browser's
 * reload sends). A cookie that only looks like the session's is sent to the route too.
 */
function sameAnswer(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined || headers['if-none-match'] !== undefined) return false;
  if (headers.cookie !== undefined && headers.cookie.includes(`${Cookies.token}=`)) return false;
  const control = headers['cache-control'];
  if (control !== undefined && /no-cache|no-store|max-age=0/i.test(control)) return false;
  return headers.pragma === undefined;
}

/** TRUST_PROXY is all or nothing (config.ts): with it, every hop is trusted, as Fastify's `trustProxy: true`. */
const trustEveryProxy = (): boolean => true;

/** The last of a header's comma-separated values (the one the nearest proxy wrote), as Fastify reads X-Forwarded-Host. */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return (comma === -1 ? value : value.slice(comma + 1)).trim();
}
