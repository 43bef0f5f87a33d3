import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/** Membership products, member logs, orders and payment notices, trials, invitation codes, awards, per-article reading days. */
export function membership(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await col
        .id(db.schema.createTable('member_products'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull())
        .addColumn('original_price_fen', 'integer')
        .addColumn('benefits', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .execute();
      const now = new Date().toISOString();
      const benefits = JSON.stringify(['会员文章全文阅读', '会员文章的译文与阅读工具', 'AI 助手更多次数（按会员等级）']);
      await db
        .insertInto('member_products' as never)
        .values(
          [
            { code: 'monthly', name: '月度会员', level: 1, days: 31, price_fen: 1800, original_price_fen: 2500, sort: 1 },
            { code: 'quarterly', name: '季度会员', level: 1, days: 92, price_fen: 4800, original_price_fen: 7500, sort: 2 },
            { code: 'yearly', name: '年度会员', level: 2, days: 366, price_fen: 16800, original_price_fen: 30000, sort: 3 },
          ].map((p) => ({ ...p, benefits, is_active: 1, created_at: now, updated_at: now })) as never,
        )
        .execute();

      await col
        .id(db.schema.createTable('member_logs'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('operator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('level_before', 'integer')
        .addColumn('level_after', 'integer')
        .addColumn('expires_before', col.timestamp)
        .addColumn('expires_after', col.timestamp)
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('ref', 'text')
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_logs_user_idx').on('member_logs').columns(['user_id', 'id']).execute();

      await col
        .id(db.schema.createTable('member_orders'))
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('member_products.id'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // `user:product` while pending, else null: one open order per buyer and product, even under a double tap.
        .addColumn('pending_key', 'text', (c) => c.unique())
        .addColumn('trade_no', 'text')
        .addColumn('pay_data', 'text')
        .addColumn('paid_at', col.timestamp)
        .addColumn('finished_at', col.timestamp)
        .addColumn('closed_at', col.timestamp)
        .addColumn('finished_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addColumn('updated_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_orders_user_idx').on('member_orders').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('member_orders_status_idx').on('member_orders').columns(['status', 'id']).execute();

      await col
        .id(db.schema.createTable('pay_notices'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('excerpt', 'text', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();

      await col
        .id(db.schema.createTable('member_trials'))
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('xhs_id', 'text', (c) => c.unique())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();

      await col
        .id(db.schema.createTable('invitation_codes'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('ctype', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
        .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();

      // Who used which code: an account binds one code, ever.
      await db.schema
        .createTable('code_bindings')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('code_id', 'integer', (c) => c.notNull().references('invitation_codes.id').onDelete('cascade'))
        // The code id for single-use codes (unique), null for personal invite codes many may use.
        .addColumn('single_use', 'integer', (c) => c.unique())
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('code_bindings_code_idx').on('code_bindings').column('code_id').execute();

      await col
        .id(db.schema.createTable('awards'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        // What earned it, unique per user: `code:<id>:<user>`, `rank:<monday>:<cat>`.
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('code_id', 'integer', (c) => c.references('invitation_codes.id').onDelete('set null'))
        .addColumn('rank_date', 'text')
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('claimed_at', col.timestamp)
        .addColumn('created_at', col.timestamp, (c) => c.notNull())
        .addUniqueConstraint('awards_user_ref', ['user_id', 'ref'])
        .execute();

      // Reading seconds per article and day, so a weekly rank can cap what one article earns.
      await db.schema
        .createTable('read_article_days')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('read_article_days_pk', ['user_id', 'article_id', 'day'])
        .execute();
      await db.schema.createIndex('read_article_days_day_idx').on('read_article_days').columns(['day']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'read_article_days',
        'awards',
        'code_bindings',
        'invitation_codes',
        'member_trials',
        'pay_notices',
        'member_orders',
        'member_logs',
        'member_products',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
