// The framework's own ceiling: plain Fastify (no plugins, no hooks, no logger) answering the
// same fixed bytes per path as bench/bare-server.ts, so "plain Fastify ÷ bare" says how much of
// the product's distance from bare is Fastify itself.
import fs from 'node:fs';
import Fastify from 'fastify';

// argv: a JSON file of {path: base64 JSON body | {type, body: base64}}, and the port.
const raw = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<string, string | { type: string; body: string }>;
const app = Fastify({ logger: false });
const byPath = new Map<string, { type: string; body: Buffer }>();
for (const [url, v] of Object.entries(raw)) {
  const answer =
    typeof v === 'string'
      ? { type: 'application/json; charset=utf-8', body: Buffer.from(v, 'base64') }
      : { type: v.type, body: Buffer.from(v.body, 'base64') };
  byPath.set(url.split('?')[0]!, answer);
}
for (const [url, answer] of byPath) app.get(url, (_req, reply) => void reply.type(answer.type).send(answer.body));
await app.listen({ port: Number(process.argv[3] ?? 0), host: '127.0.0.1' });
process.stdout.write('ready\n');
