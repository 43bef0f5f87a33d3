import { sql } from 'kysely';
import type { Db } from './client.js';

// Any fixed 64-bit number names the lock; this one is "changdu first start" for every process
// on the database (migrations take Kysely's own lock, a different number).
const FIRST_START_LOCK = 7_261_300_023;

/**
 * Runs first-start work (accounts, demo content) with no other process of the same database
 * doing the same at once. On PostgreSQL a session advisory lock, held on one pooled connection
 * while `work` runs on the others, queues every process behind the first: the work checks what
 * exists before adding, so the ones after it find everything made and add nothing. A process
 * that dies holding it loses its session, and with it the lock. SQLite has one writer per file
 * and is run as one process (or one API and one worker); its work relies on those same checks
 * and on the unique constraints (see bootstrapAccounts).
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(FIRST_START_LOCK)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(FIRST_START_LOCK)})`.execute(connection);
    }
  });
}
