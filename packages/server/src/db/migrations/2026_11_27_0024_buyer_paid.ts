import type { Kysely } from 'kysely';
import type { Dialect } from '../client.js';
import { columns } from './columns.js';

/**
 * `member_orders.buyer_paid_at`: when the buyer of a manual payment said 我已付款, so managers see
 * which pending orders to check against the account (issue 31).
 */
export function buyerPaid(dialect: Dialect) {
  const col = columns(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('member_orders').addColumn('buyer_paid_at', col.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('member_orders').dropColumn('buyer_paid_at').execute();
    },
  };
}
