import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import type {
  AwardsTable,
  InvitationCodesTable,
  MemberLogsTable,
  MemberOrdersTable,
  MemberProductsTable,
  PayNoticesTable,
} from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type ProductRow = Selectable<MemberProductsTable>;
export type LogRow = Selectable<MemberLogsTable>;
export type OrderRow = Selectable<MemberOrdersTable>;
export type CodeRow = Selectable<InvitationCodesTable>;
export type AwardRow = Selectable<AwardsTable>;
export type OrderStatus = OrderRow['status'];

const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) > 0;
const inserted = (r: { numInsertedOrUpdatedRows?: bigint | undefined }) => Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;

export function membershipRepo(db: Db) {
  const own = tablesOf(db, 'membership');
  return {
    products: () => own.query.selectFrom('member_products').selectAll().where('is_active', '=', 1).orderBy('sort').orderBy('id').execute(),
    allProducts: () => own.query.selectFrom('member_products').selectAll().orderBy('sort').orderBy('id').execute(),
    /** Inserts or updates by `code` (a double submit saves the same values twice, one row). */
    async saveProduct(row: Omit<ProductRow, 'id' | 'created_at' | 'updated_at'>, now: string): Promise<ProductRow> {
      await own.query
        .insertInto('member_products')
        .values({ ...row, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc.column('code').doUpdateSet({
            name: row.name,
            level: row.level,
            days: row.days,
            price_fen: row.price_fen,
            original_price_fen: row.original_price_fen,
            benefits: row.benefits,
            sort: row.sort,
            is_active: row.is_active,
            updated_at: now,
          }),
        )
        .execute();
      return own.query.selectFrom('member_products').selectAll().where('code', '=', row.code).executeTakeFirstOrThrow();
    },
    product: (id: number) => own.query.selectFrom('member_products').selectAll().where('id', '=', id).executeTakeFirst(),

    insertLog: (row: Insertable<MemberLogsTable>) =>
      own.query.insertInto('member_logs').values(row).returningAll().executeTakeFirstOrThrow(),
    logs: (userId: number, offset: number, limit: number) =>
      own.query
        .selectFrom('member_logs')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    /** The newest log of this very change by this operator since `since` (a double tap). */
    sameChangeSince: (c: { userId: number; operatorId: number; action: LogRow['action']; days: number; remark: string; since: string }) =>
      own.query
        .selectFrom('member_logs')
        .selectAll()
        .where('user_id', '=', c.userId)
        .where('operator_id', '=', c.operatorId)
        .where('action', '=', c.action)
        .where('days', '=', c.days)
        .where('remark', '=', c.remark)
        .where('created_at', '>=', c.since)
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /** A new order, or null when the buyer already has a pending one for the product (`pending_key`). */
    async insertOrder(row: Insertable<MemberOrdersTable>): Promise<OrderRow | null> {
      const done = await own.query
        .insertInto('member_orders')
        .values(row)
        .onConflict((oc) => oc.column('pending_key').doNothing())
        .executeTakeFirst();
      if (!inserted(done)) return null;
      return (await own.query.selectFrom('member_orders').selectAll().where('order_no', '=', row.order_no).executeTakeFirst()) ?? null;
    },
    order: (orderNo: string) => own.query.selectFrom('member_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst(),
    orderByPendingKey: (key: string) => own.query.selectFrom('member_orders').selectAll().where('pending_key', '=', key).executeTakeFirst(),
    setPayData: (orderNo: string, payData: string, now: string) =>
      own.query.updateTable('member_orders').set({ pay_data: payData, updated_at: now }).where('order_no', '=', orderNo).execute(),
    /** The buyer's 我已付款 on a pending order; the first time counts. */
    markBuyerPaid: (orderNo: string, now: string) =>
      own.query
        .updateTable('member_orders')
        .set({ buyer_paid_at: now, updated_at: now })
        .where('order_no', '=', orderNo)
        .where('status', '=', 'pending')
        .where('buyer_paid_at', 'is', null)
        .execute(),
    /** pending → closed; false when it was no longer pending. */
    closeOrder: async (orderNo: string, now: string) =>
      changed(
        await own.query
          .updateTable('member_orders')
          .set({ status: 'closed', pending_key: null, closed_at: now, updated_at: now })
          .where('order_no', '=', orderNo)
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      ),
    /** pending or closed → paid; false when another notice or a manager got there first. */
    markPaid: async (orderNo: string, tradeNo: string | null, now: string) =>
      changed(
        await own.query
          .updateTable('member_orders')
          .set({ status: 'paid', pending_key: null, trade_no: tradeNo, paid_at: now, updated_at: now })
          .where('order_no', '=', orderNo)
          .where('status', 'in', ['pending', 'closed'])
          .executeTakeFirst(),
      ),
    /** paid → finished. */
    markFinished: async (orderNo: string, by: number | null, now: string) =>
      changed(
        await own.query
          .updateTable('member_orders')
          .set({ status: 'finished', finished_at: now, finished_by: by, updated_at: now })
          .where('order_no', '=', orderNo)
          .where('status', '=', 'paid')
          .executeTakeFirst(),
      ),
    orders(filter: { userId?: number; status?: OrderStatus; q?: string; userIds?: number[] }, offset: number, limit: number) {
      let q = own.query.selectFrom('member_orders').selectAll();
      if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
      if (filter.status) q = q.where('status', '=', filter.status);
      if (filter.q) {
        const text = filter.q;
        const ids = filter.userIds ?? [];
        q = q.where((eb) => eb.or([eb('order_no', '=', text), ...(ids.length > 0 ? [eb('user_id', 'in', ids)] : [])]));
      }
      return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    insertNotice: (row: Insertable<PayNoticesTable>) => own.query.insertInto('pay_notices').values(row).execute(),

    trialOf: (userId: number) => own.query.selectFrom('member_trials').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    trialByXhs: (xhsId: string) => own.query.selectFrom('member_trials').selectAll().where('xhs_id', '=', xhsId).executeTakeFirst(),
    async insertTrial(row: { user_id: number; xhs_id: string | null; source: 'xhs' | 'link'; days: number; created_at: string }) {
      const done = await own.query
        .insertInto('member_trials')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return inserted(done);
    },

    async insertCode(row: Insertable<InvitationCodesTable>): Promise<CodeRow | null> {
      const done = await own.query
        .insertInto('invitation_codes')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (!inserted(done)) return null;
      return (await own.query.selectFrom('invitation_codes').selectAll().where('code', '=', row.code).executeTakeFirst()) ?? null;
    },
    codeByText: (code: string) => own.query.selectFrom('invitation_codes').selectAll().where('code', '=', code).executeTakeFirst(),
    codeById: (id: number) => own.query.selectFrom('invitation_codes').selectAll().where('id', '=', id).executeTakeFirst(),
    ownCode: (userId: number) => own.query.selectFrom('invitation_codes').selectAll().where('owner_id', '=', userId).executeTakeFirst(),
    codes: (ctype: CodeRow['ctype'] | undefined, offset: number, limit: number) => {
      let q = own.query.selectFrom('invitation_codes').selectAll();
      if (ctype) q = q.where('ctype', '=', ctype);
      return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },
    bindingsOf: (codeIds: number[]) =>
      codeIds.length === 0
        ? Promise.resolve([])
        : own.query
            .selectFrom('code_bindings')
            .select(['code_id', 'user_id', 'created_at'])
            .where('code_id', 'in', codeIds)
            .orderBy('created_at')
            .execute(),
    bindingOf: (userId: number) => own.query.selectFrom('code_bindings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /** Binds once per account, and a single-use code once at all; false when either is taken. */
    async insertBinding(row: { user_id: number; code_id: number; single_use: number | null; created_at: string }) {
      const done = await own.query
        .insertInto('code_bindings')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return inserted(done);
    },

    async insertAward(row: Insertable<AwardsTable>): Promise<AwardRow | null> {
      const done = await own.query
        .insertInto('awards')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'ref']).doNothing())
        .executeTakeFirst();
      if (!inserted(done)) return null;
      return (
        (await own.query
          .selectFrom('awards')
          .selectAll()
          .where('user_id', '=', row.user_id)
          .where('ref', '=', row.ref)
          .executeTakeFirst()) ?? null
      );
    },
    awardsOf: (userId: number) => own.query.selectFrom('awards').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),
    earnedByCode: (userId: number, codeId: number) =>
      own.query
        .selectFrom('awards')
        .selectAll()
        .where('user_id', '=', userId)
        .where('code_id', '=', codeId)
        .where('status', '=', 'earned')
        .execute(),
    /** earned → claimed; false when it was already claimed (a double tap). */
    claimAward: async (id: number, now: string) =>
      changed(
        await own.query
          .updateTable('awards')
          .set({ status: 'claimed', claimed_at: now })
          .where('id', '=', id)
          .where('status', '=', 'earned')
          .executeTakeFirst(),
      ),
  };
}

export type MembershipRepo = ReturnType<typeof membershipRepo>;
