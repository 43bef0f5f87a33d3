import { z } from 'zod';
import { accountRoles, roles } from '../roles.js';

export const okResult = z.object({ ok: z.literal(true) });

export const membershipSchema = z.object({
  level: z.number().int(),
  expires_at: z.string(),
  days_left: z.number().int(),
});

/** A user as the API shows them. */
export const userSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  phone: z.string().nullable(),
  /** The stored account role. */
  role: z.enum(accountRoles),
  /** The strongest role the user acts with now (`member` while a membership runs). */
  effective_role: z.enum(roles),
  is_super: z.boolean(),
  is_manager: z.boolean(),
  is_member: z.boolean(),
  member: membershipSchema.nullable(),
  openid: z.string().nullable(),
  xhs_id: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;
