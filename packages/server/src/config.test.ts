import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backgroundOrigin, ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults: port 3000 and SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config.http.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/changdu.sqlite'), synchronous: 'NORMAL' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('points links in generated files at PUBLIC_URL, else at the first allowed host on its own port', () => {
    expect(backgroundOrigin(loadConfig({ PUBLIC_URL: 'https://changdu.example/' }).http)).toBe('https://changdu.example');
    expect(backgroundOrigin(loadConfig({}).http)).toBe('http://localhost:3000');
    expect(backgroundOrigin(loadConfig({ PORT: '8080', ALLOWED_HOSTS: 'reader.lan' }).http)).toBe('http://reader.lan:8080');
    expect(backgroundOrigin(loadConfig({ ALLOWED_HOSTS: 'reader.lan:4000' }).http)).toBe('http://reader.lan:4000');
  });

  it('uses PostgreSQL when DATABASE_URL says so, with a pool of 20 and 30-second statement and idle timeouts', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
      poolSize: 20,
      statementTimeoutMs: 30_000,
      idleTimeoutMs: 30_000,
    });
    const tuned = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      DB_POOL_SIZE: '40',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_IDLE_TIMEOUT_MS: '5000',
    });
    expect(tuned.database).toMatchObject({ poolSize: 40, statementTimeoutMs: 0, idleTimeoutMs: 5000 });
    expect(() => loadConfig({ DB_POOL_SIZE: '1' })).toThrow(/DB_POOL_SIZE/);
  });

  it('commits SQLite without waiting for the disk unless told FULL, and refuses anything else', () => {
    expect(loadConfig({}).database).toMatchObject({ kind: 'sqlite', synchronous: 'NORMAL' });
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'FULL' }).database).toMatchObject({ synchronous: 'FULL' });
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });

  it('writes looked-up words every 2 s unless told otherwise, and refuses an interval of nothing', () => {
    expect(loadConfig({}).lookupFlushMs).toBe(2000);
    expect(loadConfig({ LOOKUP_FLUSH_SECONDS: '0.5' }).lookupFlushMs).toBe(500);
    expect(() => loadConfig({ LOOKUP_FLUSH_SECONDS: '0' })).toThrow(/LOOKUP_FLUSH_SECONDS/);
    expect(loadConfig({}).listKeepMs).toBe(5000);
    expect(loadConfig({ LIST_KEEP_SECONDS: '0' }).listKeepMs).toBe(0);
    expect(() => loadConfig({ LIST_KEEP_SECONDS: '120' })).toThrow(/LIST_KEEP_SECONDS/);
  });

  it('leases tasks for 60 s and lets a stopping worker finish for 30 s, unless told otherwise', () => {
    expect(loadConfig({}).tasks).toEqual({ leaseMs: 60_000, graceMs: 30_000 });
    expect(loadConfig({ TASK_LEASE_SECONDS: '5', TASK_STOP_GRACE_SECONDS: '0' }).tasks).toEqual({ leaseMs: 5000, graceMs: 0 });
    expect(() => loadConfig({ TASK_LEASE_SECONDS: '0' })).toThrow(/TASK_LEASE_SECONDS/);
  });

  it('opens /metrics to a bearer METRICS_TOKEN only when one is set, refusing a short or spaced one', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null });
    expect(loadConfig({ METRICS_TOKEN: '' }).metrics).toEqual({ token: null });
    expect(loadConfig({ METRICS_TOKEN: 'scrape-9f8e7d6c5b4a3210' }).metrics).toEqual({ token: 'scrape-9f8e7d6c5b4a3210' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: 至少 16 个字符/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the middle' })).toThrow(/METRICS_TOKEN/);
  });

  it('names events and rate-limit keys with REDIS_NAMESPACE, refusing what is not an identifier', () => {
    expect(loadConfig({}).redisNamespace).toBe('changdu');
    expect(loadConfig({ REDIS_NAMESPACE: 'site_b' }).redisNamespace).toBe('site_b');
    expect(() => loadConfig({ REDIS_NAMESPACE: 'Site-B' })).toThrow(/REDIS_NAMESPACE/);
  });

  it('stores files in a folder under DATA_DIR unless a bucket is named', () => {
    expect(loadConfig({ DATA_DIR: '/srv/changdu' }).storage).toEqual({ kind: 'local', dir: '/srv/changdu/files' });
  });

  const s3Keys = { S3_BUCKET: 'changdu', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };

  it('uses an S3-compatible bucket when S3_BUCKET and its keys are set', () => {
    expect(loadConfig({ ...s3Keys, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'prod' }).storage).toEqual({
      kind: 's3',
      bucket: 'changdu',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'prod/',
    });
    expect(loadConfig({ ...s3Keys, S3_REGION: 'ap-east-1' }).storage).toMatchObject({
      endpoint: null,
      region: 'ap-east-1',
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ ...s3Keys, S3_ENDPOINT: 'https://oss.example.com', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_BUCKET: 'changdu' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'changdu', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ ...s3Keys, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ ...s3Keys, S3_PREFIX: '../other' }, 'S3_PREFIX'],
    [{ ...s3Keys, S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
  ])('stops on the half S3 configuration %j, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
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
