import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler.js';

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated, and `index.html` for any other GET so the SPA renders its own 404.
 * Files are looked up per request (wildcard), so a rebuild is served without a restart;
 * a missing asset is a 404, never index.html (a stale page must fail its chunk load).
 */
export async function serveWebApp(app: FastifyInstance, dist: string | null) {
  const index = dist ? path.join(dist, 'index.html') : null;
  if (!dist || !index || !fs.existsSync(index)) {
    if (dist) app.log.warn(`web app not built at ${dist}: run "npm run build"`);
    return (_req: FastifyRequest, reply: FastifyReply) => sendNotFound(reply);
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: true,
    index: 'index.html',
    setHeaders(reply, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req: FastifyRequest, reply: FastifyReply) =>
    req.url.startsWith('/assets/') ? sendNotFound(reply) : reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
}
