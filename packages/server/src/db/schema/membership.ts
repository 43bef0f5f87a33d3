import type { Generated } from 'kysely';

/** Membership (issue 12): products, member logs, orders, payment notices, trials, codes, awards. */
export interface MembershipTables {
  member_products: MemberProductsTable;
  member_logs: MemberLogsTable;
  member_orders: MemberOrdersTable;
  pay_notices: PayNoticesTable;
  member_trials: MemberTrialsTable;
  invitation_codes: InvitationCodesTable;
  code_bindings: CodeBindingsTable;
  awards: AwardsTable;
}

export interface MemberProductsTable {
  id: Generated<number>;
  code: string;
  name: string;
  level: number;
  days: number;
  price_fen: number;
  original_price_fen: number | null;
  /** JSON array of strings. */
  benefits: string;
  sort: number;
  is_active: number;
  created_at: string;
  updated_at: string;
}
export interface MemberLogsTable {
  id: Generated<number>;
  user_id: number;
  operator_id: number | null;
  action: 'open' | 'renew' | 'close';
  source: 'manager' | 'order' | 'trial' | 'award';
  days: number;
  level_before: number | null;
  level_after: number | null;
  expires_before: string | null;
  expires_after: string | null;
  remark: string;
  ref: string | null;
  created_at: string;
}
export interface MemberOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  product_id: number;
  product_name: string;
  level: number;
  days: number;
  amount_fen: number;
  provider: string;
  status: 'pending' | 'paid' | 'finished' | 'closed' | 'refunded';
  pending_key: string | null;
  trade_no: string | null;
  pay_data: string | null;
  paid_at: string | null;
  finished_at: string | null;
  closed_at: string | null;
  /** The buyer said 我已付款 (manual payment). */
  buyer_paid_at: string | null;
  finished_by: number | null;
  created_at: string;
  updated_at: string;
}
export interface PayNoticesTable {
  id: Generated<number>;
  provider: string;
  order_no: string | null;
  outcome: 'accepted' | 'duplicate' | 'refused';
  reason: string;
  excerpt: string;
  created_at: string;
}
export interface MemberTrialsTable {
  id: Generated<number>;
  user_id: number;
  xhs_id: string | null;
  source: 'xhs' | 'link';
  days: number;
  created_at: string;
}
export interface InvitationCodesTable {
  id: Generated<number>;
  code: string;
  ctype: 'invite' | 'register' | 'member' | 'trial';
  owner_id: number | null;
  days: number;
  remark: string;
  created_by: number | null;
  created_at: string;
}
export interface CodeBindingsTable {
  user_id: number;
  code_id: number;
  single_use: number | null;
  created_at: string;
}
export interface AwardsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'invite' | 'code' | 'rank';
  ref: string;
  code_id: number | null;
  rank_date: string | null;
  days: number;
  title: string;
  status: 'earned' | 'claimed';
  claimed_at: string | null;
  created_at: string;
}
