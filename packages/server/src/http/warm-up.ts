import type { FastifyInstance } from 'fastify';

// Common reads a reader's first minute makes: the routes, serializers and validators they use
// compile on first call, the dictionary pages its look-ups touch are read, the statements are
// prepared (SQLite's cache) and the pool's connections open (PostgreSQL).
const WARM_READS = [
  '/api/health',
  '/api/config',
  '/reader/article/waikan',
  '/reader/article/waikan?offset=20',
  '/api/english/word?word=the',
  '/api/english/word?word=reading&sentence=She%20was%20reading%20the%20news.',
  '/api/english/word?word=went',
  // Loads the tagger's second pass, CC-CEDICT's sorted file and the word vectors (made once per machine) before the port opens.
  '/api/english/word?word=suit&sentence=She%20filed%20a%20suit%20against%20her%20employer.',
];

/**
 * Runs the warm reads in process (no socket: the port is not open yet), a few at once so the
 * pool opens more than one connection, then marks the process ready. A read that fails only
 * leaves that cache cold, so failures are logged and warm-up goes on.
 */
export async function warmUp(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  for (let round = 0; round < 2; round++) {
    await Promise.all(
      WARM_READS.map(async (url) => {
        const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
        if (res.statusCode >= 500) app.log.warn({ url, status: res.statusCode }, 'warm-up read failed');
      }),
    );
  }
  app.lifecycle.ready();
  app.log.info({ ms: Date.now() - started }, 'warmed up; ready');
}
