import type { Generated } from 'kysely';

/** Accounts: the reader's row (modules/users). */
export interface UsersTables {
  users: UsersTable;
}

export interface UsersTable {
  id: Generated<number>;
  phone: string | null;
  username: string;
  password_hash: string;
  role: 'user' | 'manager' | 'super';
  openid: string | null;
  xhs_id: string | null;
  member_level: number | null;
  member_expires_at: string | null;
  articles_seen_at: string | null;
  created_at: string;
  updated_at: string;
}
