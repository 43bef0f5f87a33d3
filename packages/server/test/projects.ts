import pg from 'pg';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The server suite as vitest projects: once on SQLite, and once more on PostgreSQL when
 * one answers (TEST_DATABASE_URL, or the local server). Under CI a missing PostgreSQL fails.
 */
export async function serverProjects() {
  // Integration tests run real queries (the authorisation matrix walks every endpoint × role); on a
  // loaded 2-core CI machine that can pass vitest's 5 s default without anything being wrong.
  const base = {
    root: './packages/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup.ts'],
    // The migrations run once per run into a template that every test app's database copies.
    globalSetup: ['./test/template-db.ts', './test/derived-files.ts'],
    // One module graph per worker rather than per test file: importing the app (fastify, the
    // contract, the NLP model) took seconds per file, and ~190 server files paid it. Test files
    // share no state through modules: each builds its own apps and databases (test-app.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  };
  // A file that replaces modules (vi.mock: a repo write made to fail) needs its own module graph:
  // with a shared one the mock may not take, or may reach other files. Such files are named
  // *.isolated.test.ts and run in projects of their own, isolated.
  const shared = { ...base, exclude: ['src/**/*.isolated.test.ts'] };
  const isolated = { ...base, include: ['src/**/*.isolated.test.ts'], isolate: true };
  const both = (name: string, env: Record<string, string>) => [
    { test: { ...shared, name, env } },
    { test: { ...isolated, name: `${name}:isolated`, env } },
  ];
  const projects = both('server:sqlite', { TEST_DB: 'sqlite' });
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_PG;
  if (await reachable(url)) {
    projects.push(...both('server:postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: url }));
  } else if (process.env.CI === 'true') {
    throw new Error(`PostgreSQL is required under CI but does not answer at ${url}`);
  } else {
    console.warn(`Skipping the PostgreSQL run of the server suite: no PostgreSQL answers at ${url} (set TEST_DATABASE_URL).`);
  }
  return projects;
}
