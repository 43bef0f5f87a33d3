import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** What the replay cache and the access log read of a request before Fastify has one: shared, so neither imports the other for it. */
export interface RequestView {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  host: string;
  ip: string | undefined;
  socket: IncomingMessage['socket'];
}
