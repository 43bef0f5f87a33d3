// Prints one `METHOD PATH ROLE` line per endpoint the server serves (the server registers exactly this table).
import { endpoints } from '../endpoints/index.js';
import { describedPath } from '../paths.js';

for (const ep of Object.values(endpoints)) {
  process.stdout.write(`${ep.method} ${describedPath(ep)} ${ep.role}\n`);
}
