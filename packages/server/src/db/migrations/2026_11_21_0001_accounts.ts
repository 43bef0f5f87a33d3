import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

// Migrations see an untyped database: they describe the schema, they do not depend on it.
type AnyDb = Kysely<unknown>;

export function accounts(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: AnyDb) {
      await col
        .id(db.schema.createTable('users'))
        .addColumn('phone', 'text', (c) => c.unique())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('openid', 'text')
        .addColumn('xhs_id', 'text')
        .addColumn('member_level', 'integer')
        .addColumn('member_expires_at', col.timestamp)
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_openid_idx').on('users').column('openid').execute();
      // Usernames are unique regardless of letter case, so "Amy" and "amy" are one name.
      await sql`create unique index users_username_lower_idx on users (lower(username))`.execute(db);

      await col
        .id(db.schema.createTable('auth_tokens'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('expires_at', col.timestamp, (c) => c.notNull())
        .addColumn('revoked_at', col.timestamp)
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

      await db.schema
        .createTable('captchas')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('expires_at', col.timestamp, (c) => c.notNull())
        .execute();

      await col
        .id(db.schema.createTable('sms_codes'))
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('stype', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('expires_at', col.timestamp, (c) => c.notNull())
        .addColumn('consumed_at', col.timestamp)
        .execute();
      await db.schema.createIndex('sms_codes_phone_idx').on('sms_codes').columns(['phone', 'created_at']).execute();

      await col
        .id(db.schema.createTable('sms_outbox'))
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('stype', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('visitors')
        .addColumn('cuid', 'text', (c) => c.primaryKey())
        .addColumn('uid', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('platform', 'text')
        .addColumn('is_new', 'integer', (c) => c.notNull())
        .addColumn('first_seen_at', col.timestamp, (c) => c.notNull())
        .addColumn('last_seen_at', col.timestamp, (c) => c.notNull())
        .addColumn('last_event', 'text', (c) => c.notNull())
        .addColumn('last_path', 'text')
        .addColumn('events', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('visitors_last_seen_idx').on('visitors').column('last_seen_at').execute();

      await col
        .id(db.schema.createTable('log_events'))
        .addColumn('cuid', 'text', (c) => c.notNull())
        .addColumn('uid', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('data', 'text')
        .addColumn('is_new', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('log_events_cuid_idx').on('log_events').columns(['cuid', 'id']).execute();
    },
    async down(db: AnyDb) {
      for (const table of ['log_events', 'visitors', 'sms_outbox', 'sms_codes', 'captchas', 'auth_tokens', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
