// The baseline: a bare node:http server answering fixed bytes per path, with the same headers
// shape, so the ratio measures what the product adds (routing, auth, validation, queries).
import fs from 'node:fs';
import http from 'node:http';

// argv: a JSON file of {path: base64 body}, and the port.
const raw = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>;
const bodies = new Map<string, Buffer>(Object.entries(raw).map(([k, v]) => [k, Buffer.from(v, 'base64')]));
const server = http.createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
});
server.listen(Number(process.argv[3] ?? 0), '127.0.0.1', () => process.stdout.write('ready\n'));
