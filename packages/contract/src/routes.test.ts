import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routesSource } from './routes-source.js';

describe('the route table the web client calls through', () => {
  it('matches the endpoint table (run `npm run contract:routes` after adding an endpoint)', () => {
    expect(fs.readFileSync(path.join(import.meta.dirname, 'routes.generated.ts'), 'utf8')).toBe(routesSource());
  });
});
