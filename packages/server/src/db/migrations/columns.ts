import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../client.js';

/** Column types that differ by dialect, so each migration is written once. */
export function columns(dialect: Dialect) {
  return {
    timestamp: dialect === 'postgres' ? ('timestamptz' as const) : ('text' as const),
    /** An auto-incrementing integer primary key. */
    id<T extends string>(table: CreateTableBuilder<T, never>) {
      return dialect === 'postgres'
        ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    },
  };
}
