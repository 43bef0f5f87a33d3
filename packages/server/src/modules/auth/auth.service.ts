import { randomInt } from 'node:crypto';
import { PASSWORD_RULE, PHONE_PATTERN, USERNAME_RULE, type Session } from '@changdu/contract';
import { isUniqueViolation, transaction, type Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.js';
import { toUser, type UserRow, type UsersService } from '../users/index.js';
import { KNOWN_DEVICE_SEC, type LoginGuard } from './login-guard.js';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import type { SmsCodeService } from './sms-code.service.js';
import type { TokensService } from './tokens.service.js';

export interface AuthDeps {
  /** For the transaction that replaces a password and its sessions together. */
  db: Db;
  clock: Clock;
  users: UsersService;
  tokens: TokensService;
  smsCodes: SmsCodeService;
  /** Registration must prove the phone by SMS. */
  smsRequired: boolean;
  /** log2 of scrypt's N for new password hashes (config PASSWORD_HASH_COST). */
  passwordCost: number;
  /** Login failure limits. */
  guard: LoginGuard;
  /** Invitation codes at registration (INVITE_CODE): checked before the account is made, bound after, in one transaction. */
  invitations?: {
    rule: 'off' | 'optional' | 'required';
    check(code: string): Promise<CodeToBind>;
    bind(userId: number, code: CodeToBind): Promise<unknown>;
  };
}

/** A usable invitation code, as the codes feature hands it back to be bound (opaque to auth). */
type CodeToBind = unknown;

interface ClientMeta {
  userAgent: string | null;
  ip: string;
}

export function authService({ db, clock, users, tokens, smsCodes, smsRequired, passwordCost, guard, invitations }: AuthDeps) {
  const hash = (password: string) => hashPassword(password, passwordCost);

  async function session(user: UserRow, meta: ClientMeta): Promise<Session> {
    const issued = await tokens.issue(user.id, meta);
    return { ...issued, user: toUser(user, clock.now()) };
  }

  /** A default username readers can change later: 读者 + six digits, retried until free. */
  async function freshUsername(): Promise<string> {
    for (let i = 0; i < 20; i++) {
      const name = `读者${randomInt(100_000, 1_000_000)}`;
      if (!(await users.byUsername(name))) return name;
    }
    return `读者${Date.now()}`;
  }

  async function createUser(phone: string, password: string, meta: ClientMeta, code?: CodeToBind): Promise<Session> {
    if (await users.byPhone(phone)) throw new Conflict('该手机号已注册，请直接登录');
    const now = clock.now().toISOString();
    const passwordHash = await hash(password);
    const username = await freshUsername();
    try {
      return await transaction(db, async () => {
        const user = await users.create({ phone, username, password_hash: passwordHash, role: 'user', now });
        if (code !== undefined) await invitations!.bind(user.id, code);
        return session(user, meta);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict('该手机号已注册，请直接登录');
      throw error;
    }
  }

  /** The invitation code a registration brings, checked against the rule (undefined: none to bind). */
  async function checkInvitation(code: string | undefined): Promise<CodeToBind | undefined> {
    const rule = invitations?.rule ?? 'off';
    if (!code) {
      if (rule === 'required') throw new Invalid('请填写邀请码');
      return undefined;
    }
    if (!invitations || rule === 'off') throw new Invalid('目前注册不需要邀请码，请留空');
    return invitations.check(code);
  }

  return {
    registerRule() {
      return {
        sms_required: smsRequired,
        invite_code_required: invitations?.rule === 'required',
        invite_code_enabled: invitations !== undefined && invitations.rule !== 'off',
        password: { ...PASSWORD_RULE },
        username: { ...USERNAME_RULE },
      };
    },

    async registerByPhone(input: { phone: string; password: string; code?: string | undefined }, meta: ClientMeta) {
      if (invitations?.rule === 'required') throw new Invalid('注册需要邀请码，请使用带邀请码的注册方式');
      if (smsRequired) {
        if (!input.code) throw new Invalid('请填写短信验证码');
        if (!/^\d{6}$/.test(input.code)) throw new Invalid('短信验证码是 6 位数字');
        if (await users.byPhone(input.phone)) throw new Conflict('该手机号已注册，请直接登录');
        await smsCodes.consume(input.phone, 'register', input.code);
      }
      return createUser(input.phone, input.password, meta);
    },

    async register(input: { phone: string; password: string; sms_code: string; code?: string | undefined }, meta: ClientMeta) {
      const code = await checkInvitation(input.code);
      if (await users.byPhone(input.phone)) throw new Conflict('该手机号已注册，请直接登录');
      await smsCodes.consume(input.phone, 'register', input.sms_code);
      return createUser(input.phone, input.password, meta, code);
    },

    /**
     * `device`: the browser's device id, or a new one; after a login it is known to the account
     * (with the address) until `knownUntil`, for the browser's `bb_dev` cookie.
     */
    async login(input: { username: string; password: string }, meta: ClientMeta, device: string) {
      const user = PHONE_PATTERN.test(input.username)
        ? ((await users.byPhone(input.username)) ?? (await users.byUsername(input.username)))
        : await users.byUsername(input.username);
      // Unknown accounts cost a hash check too, so timing does not reveal which accounts exist.
      const stored = user?.password_hash ?? (await decoyHash(passwordCost));
      const attempt = { userId: user?.id ?? null, typedName: input.username, ip: meta.ip, device };
      const valid = await guard.check(attempt, () => verifyPassword(input.password, stored));
      if (!user || !valid) throw new Invalid('账号或密码不正确');
      if (needsRehash(user.password_hash, passwordCost)) {
        // Only while the hash is still the one just checked: a password changed meanwhile stays changed.
        await users.replacePasswordHash(user.id, user.password_hash, await hash(input.password), clock.now().toISOString());
      }
      return { session: await session(user, meta), knownUntil: new Date(clock.now().getTime() + KNOWN_DEVICE_SEC * 1000) };
    },

    logout: (tokenId: number) => tokens.revoke(tokenId),

    /** Own change with the old password (other sessions end, the caller gets a new token), or a super user's reset of anyone. */
    async changePassword(
      actor: { user: UserRow },
      input: { old_password?: string | undefined; new_password: string; user_id?: number | undefined },
      meta: ClientMeta,
    ) {
      const targetId = input.user_id ?? actor.user.id;
      const bySuper = input.user_id !== undefined && input.user_id !== actor.user.id;
      if (bySuper) {
        if (actor.user.role !== 'super') throw new Forbidden('只有超级管理员可以为其他用户设置密码');
        const target = await users.byId(targetId);
        if (!target) throw new NotFound('用户不存在');
        await users.setPassword(target.id, await hash(input.new_password), clock.now().toISOString());
        await tokens.revokeAll(target.id);
        return { token: null, expires_at: null };
      }
      if (!input.old_password) throw new Invalid('请填写旧密码');
      if (!(await verifyPassword(input.old_password, actor.user.password_hash))) throw new Invalid('旧密码不正确');
      if (input.old_password === input.new_password) throw new Invalid('新密码不能与旧密码相同');
      const newHash = await hash(input.new_password);
      return transaction(db, async () => {
        // Against the hash just verified: a second, concurrent change (a double tap) finds it
        // replaced and is refused, so exactly one new session comes out.
        const changed = await users.replacePasswordHash(actor.user.id, actor.user.password_hash, newHash, clock.now().toISOString());
        if (!changed) throw new Conflict('密码刚刚已被修改，请用新密码重新登录');
        await tokens.revokeAll(actor.user.id);
        return tokens.issue(actor.user.id, meta);
      });
    },

    async resetPassword(input: { phone: string; new_password: string; sms_code: string }) {
      const user = await users.byPhone(input.phone);
      if (!user) throw new NotFound('该手机号还没有注册');
      await smsCodes.consume(input.phone, 'reset', input.sms_code);
      await users.setPassword(user.id, await hash(input.new_password), clock.now().toISOString());
      await tokens.revokeAll(user.id);
      return { ok: true as const };
    },

    /** Checks the phone's state for the SMS purpose before a code is sent. */
    async checkSmsTarget(phone: string, stype: 'register' | 'reset') {
      const exists = Boolean(await users.byPhone(phone));
      if (stype === 'register' && exists) throw new Conflict('该手机号已注册，请直接登录');
      if (stype === 'reset' && !exists) throw new NotFound('该手机号还没有注册');
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
