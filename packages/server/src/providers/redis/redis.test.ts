import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '../../../test/redis.js';
import { openRedis } from './redis.js';

const hasRedis = await redisForTests('the Redis outage log');

/** A TCP proxy in front of the test Redis that the test can pull out and plug back in. */
async function cable(port: number) {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  return {
    async plug() {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async unplug() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server?.close(resolve));
      server = null;
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const opened: { disconnect(): void }[] = [];
afterEach(() => {
  for (const r of opened.splice(0)) r.disconnect();
});

describe.skipIf(!hasRedis)('a Redis outage in the log', () => {
  it('is one line when it begins and one when Redis is back, however many connections retry', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const log = { warn: (_obj: object, msg: string) => void lines.push(msg) };
    const url = `redis://127.0.0.1:${port}`;
    const line = await cable(port);
    await line.plug();
    // Three connections, as an API process holds (rate limits, event publisher and subscriber).
    const clients = [openRedis(url, log), openRedis(url, log), openRedis(url, log)];
    opened.push(...clients);
    await vi.waitFor(() => expect(clients.every((c) => c.status === 'ready')).toBe(true), { timeout: 10_000 });
    expect(lines).toEqual([]);

    await line.unplug();
    // Long enough for every connection to fail several reconnection attempts.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(lines).toEqual(['Redis is unreachable; retrying (rate limits count in process memory meanwhile)']);

    await line.plug();
    await vi.waitFor(() => expect(clients.every((c) => c.status === 'ready')).toBe(true), { timeout: 10_000 });
    expect(lines).toEqual(['Redis is unreachable; retrying (rate limits count in process memory meanwhile)', 'Redis is reachable again']);
    await line.unplug();
  });
});
