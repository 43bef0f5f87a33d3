import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults: port 3000 and SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config.http.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/changdu.sqlite') });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL says so', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ RATE_LIMIT: 'maybe' }, 'RATE_LIMIT'],
    [{ ADMIN_PHONE: '123' }, 'ADMIN_PHONE'],
    [{ SMS_PROVIDER: 'webhook' }, 'SMS_WEBHOOK_URL'],
  ])('stops on %j, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
