import type { Role, User } from '@changdu/contract';
import { DAY } from '../../lib/clock.js';
import type { UserRow } from './users.repo.js';

export function isMemberNow(row: UserRow, now: Date): boolean {
  return row.member_level !== null && row.member_expires_at !== null && row.member_expires_at > now.toISOString();
}

/** The strongest role a user acts with at `now`. */
export function effectiveRole(row: UserRow, now: Date): Exclude<Role, 'anonymous'> {
  if (row.role === 'super' || row.role === 'manager') return row.role;
  return isMemberNow(row, now) ? 'member' : 'user';
}

/** A user row in its API shape. */
export function toUser(row: UserRow, now: Date): User {
  const member = isMemberNow(row, now);
  return {
    user_id: row.id,
    username: row.username,
    phone: row.phone,
    role: row.role,
    effective_role: effectiveRole(row, now),
    is_super: row.role === 'super',
    is_manager: row.role === 'manager' || row.role === 'super',
    is_member: member,
    member:
      member && row.member_expires_at !== null && row.member_level !== null
        ? {
            level: row.member_level,
            expires_at: row.member_expires_at,
            days_left: Math.ceil((Date.parse(row.member_expires_at) - now.getTime()) / DAY),
          }
        : null,
    openid: row.openid,
    xhs_id: row.xhs_id,
    created_at: row.created_at,
  };
}
