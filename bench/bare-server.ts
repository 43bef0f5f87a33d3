// The baseline: a bare node:http server answering fixed bytes per path, with the same headers
// shape, so the ratio measures what the product adds (routing, auth, validation, queries).
import fs from 'node:fs';
import http from 'node:http';

// argv: a JSON file of {path: base64 JSON body | {type, body: base64, headers?}}, and the port.
const raw = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<
  string,
  string | { type: string; body: string; headers?: Record<string, string> }
>;
const answers = new Map(
  Object.entries(raw).map(([k, v]) =>
    typeof v === 'string'
      ? [k, { type: 'application/json; charset=utf-8', body: Buffer.from(v, 'base64'), headers: {} }]
      : [k, { type: v.type, body: Buffer.from(v.body, 'base64'), headers: v.headers ?? {} }],
  ),
);
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) return void res.writeHead(404).end();
  res.writeHead(200, { ...answer.headers, 'content-type': answer.type, 'content-length': answer.body.length }).end(answer.body);
});
server.listen(Number(process.argv[3] ?? 0), '127.0.0.1', () => process.stdout.write('ready\n'));
