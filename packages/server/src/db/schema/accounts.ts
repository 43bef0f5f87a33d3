import type { Generated } from 'kysely';

/** Accounts: users, their sessions, captchas, SMS codes and visitors (modules/users, auth, visitors). */
export interface AccountsTables {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  visitors: VisitorsTable;
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
export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
  ip: string | null;
}
export interface CaptchasTable {
  key: string;
  answer: string;
  expires_at: string;
}
export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  stype: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  stype: string;
  text: string;
  provider: string;
  created_at: string;
}
export interface VisitorsTable {
  cuid: string;
  uid: number | null;
  source: 'WEB' | 'WEBVIEW';
  platform: string | null;
  is_new: number;
  first_seen_at: string;
  last_seen_at: string;
  last_event: string;
  last_path: string | null;
  events: number;
  articles_seen_at: string | null;
}
