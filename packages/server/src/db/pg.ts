import { createRequire } from 'node:module';
import type pg from 'pg';

let loaded: typeof pg | null = null;

/**
 * The `pg` driver, loaded on first use: a SQLite deployment never loads it (memory budget,
 * docs/performance.md). The type parsers are set once, as it loads: PostgreSQL answers bigints
 * as strings and timestamps as Dates; the app works with numbers and ISO strings, the same
 * values SQLite gives back.
 */
export function loadPg(): typeof pg {
  if (!loaded) {
    const driver = createRequire(import.meta.url)('pg') as typeof pg;
    driver.types.setTypeParser(driver.types.builtins.INT8, (v) => Number(v));
    driver.types.setTypeParser(driver.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
    loaded = driver;
  }
  return loaded;
}
