import type { Generated } from 'kysely';

/** Signing in: sessions, captchas, SMS codes and the console provider's outbox (modules/auth). */
export interface AuthTables {
  auth_tokens: AuthTokensTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
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
