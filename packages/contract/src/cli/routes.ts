// Writes src/routes.generated.ts: each endpoint's method and path, with no zod, for the web
// client (client.ts). Run by the web build; a contract test fails when the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { routesSource } from '../routes-source.js';

const file = path.join(import.meta.dirname, '../routes.generated.ts');
const text = routesSource();
if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
  fs.writeFileSync(file, text);
  process.stdout.write('wrote packages/contract/src/routes.generated.ts\n');
}
