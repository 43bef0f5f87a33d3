import { randomInt } from 'node:crypto';
import { transaction, type Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import { isManager } from '../../lib/policy.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, Invalid, NotFound } from '../../lib/errors.js';
import { csvDocument } from '../../lib/csv.js';
import { pageOf } from '../../lib/page.js';
import type { UsersService } from '../users/index.js';
import { membershipRepo, type AwardRow, type CodeRow } from './membership.repo.js';
import { TRIAL_DAYS, type MembershipService } from './membership.service.js';

const PAGE = 20;
/** What a personal invite earns its owner per new reader, and the new reader. */
export const INVITE_OWNER_DAYS = 7;
export const INVITE_GUEST_DAYS = 3;
export const MEMBER_CODE_DAYS = 30;
/** No 0/O, 1/I/L: codes are read aloud and typed from screenshots. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function awardView(a: AwardRow) {
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    days: a.days,
    code_id: a.code_id,
    rank_date: a.rank_date,
    status: a.status,
    claimed_at: a.claimed_at,
    created_at: a.created_at,
  };
}

/**
 * Invitation codes (types in the contract's `codeTypes`) and the awards they earn. An account
 * binds one code, ever, never its own; a one-use code binds once at all (`code_bindings`).
 * Awards are rows earned once (`awards` unique per user and reason) and claimed once (earned → claimed).
 */
export function codesService(db: Db, clock: Clock, deps: { users: UsersService; membership: MembershipService }) {
  const repo = membershipRepo(db);
  const { users, membership } = deps;

  const randomCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

  async function insertFresh(row: Omit<Parameters<typeof repo.insertCode>[0], 'code'>): Promise<CodeRow> {
    for (let i = 0; i < 10; i++) {
      const made = await repo.insertCode({ ...row, code: randomCode() });
      if (made) return made;
    }
    throw new Conflict('生成邀请码失败，请重试');
  }

  async function views(codes: CodeRow[]) {
    const bindings = await repo.bindingsOf(codes.map((c) => c.id));
    const names = await users.namesOf(bindings.map((b) => b.user_id));
    return codes.map((c) => ({
      id: c.id,
      code: c.code,
      ctype: c.ctype,
      days: c.days,
      remark: c.remark,
      owner_id: c.owner_id,
      created_at: c.created_at,
      used_by: bindings
        .filter((b) => b.code_id === c.id)
        .map((b) => ({ user_id: b.user_id, username: names.get(b.user_id) ?? '', created_at: b.created_at })),
    }));
  }

  async function ownCode(userId: number): Promise<CodeRow> {
    const found = await repo.ownCode(userId);
    if (found) return found;
    try {
      return await insertFresh({
        ctype: 'invite',
        owner_id: userId,
        days: INVITE_OWNER_DAYS,
        remark: '个人邀请码',
        created_by: userId,
        created_at: clock.now().toISOString(),
      });
    } catch {
      // Two first visits at once: the other made it.
      const made = await repo.ownCode(userId);
      if (!made) throw new Conflict('生成邀请码失败，请重试');
      return made;
    }
  }

  async function usable(codeText: string): Promise<CodeRow> {
    const code = await repo.codeByText(codeText.trim().toUpperCase());
    if (!code) throw new NotFound('邀请码无效');
    if (code.ctype !== 'invite' && (await repo.bindingsOf([code.id])).length > 0) throw new Conflict('这个邀请码已被使用');
    return code;
  }

  /** Binds `code` to `userId` and records what it earns, in one transaction. */
  async function bind(userId: number, code: CodeRow) {
    if (code.owner_id === userId) throw new Invalid('不能使用自己的邀请码');
    return transaction(db, async () => {
      const now = clock.now().toISOString();
      const bound = await repo.insertBinding({
        user_id: userId,
        code_id: code.id,
        single_use: code.ctype === 'invite' ? null : code.id,
        created_at: now,
      });
      if (!bound) {
        if (await repo.bindingOf(userId)) throw new Conflict('这个账号已经绑定过邀请码');
        throw new Conflict('这个邀请码已被使用');
      }
      let mine: AwardRow | null = null;
      if (code.ctype === 'invite' && code.owner_id !== null) {
        const guest = (await users.byId(userId))?.username ?? '';
        await repo.insertAward({
          user_id: code.owner_id,
          kind: 'invite',
          ref: `invite:${code.id}:${userId}`,
          code_id: code.id,
          rank_date: null,
          days: code.days,
          title: `邀请 ${guest} 加入`,
          status: 'earned',
          claimed_at: null,
          created_at: now,
        });
        mine = await repo.insertAward({
          user_id: userId,
          kind: 'code',
          ref: `code:${code.id}`,
          code_id: code.id,
          rank_date: null,
          days: INVITE_GUEST_DAYS,
          title: '使用好友邀请码',
          status: 'earned',
          claimed_at: null,
          created_at: now,
        });
      } else if ((code.ctype === 'member' || code.ctype === 'trial') && code.days > 0) {
        mine = await repo.insertAward({
          user_id: userId,
          kind: 'code',
          ref: `code:${code.id}`,
          code_id: code.id,
          rank_date: null,
          days: code.days,
          title: code.ctype === 'trial' ? '试用会员码' : '会员天数码',
          status: 'earned',
          claimed_at: null,
          created_at: now,
        });
      }
      return { ctype: code.ctype, award: mine ? awardView(mine) : null };
    });
  }

  return {
    async generate(
      actor: UserActor,
      input: { ctype: 'register' | 'member' | 'trial'; remark?: string | undefined; days?: number | undefined; count: number },
    ) {
      const days = input.days ?? (input.ctype === 'member' ? MEMBER_CODE_DAYS : input.ctype === 'trial' ? TRIAL_DAYS : 0);
      if (input.ctype !== 'register' && days < 1) throw new Invalid('会员天数码和试用码的天数至少为 1');
      const made: CodeRow[] = [];
      await transaction(db, async () => {
        for (let i = 0; i < input.count; i++) {
          made.push(
            await insertFresh({
              ctype: input.ctype,
              owner_id: null,
              days,
              remark: input.remark ?? '',
              created_by: actor.user.id,
              created_at: clock.now().toISOString(),
            }),
          );
        }
      });
      return { list: await views(made) };
    },

    async list(input: { offset: number; ctype?: CodeRow['ctype'] | undefined }) {
      return pageOf(await views(await repo.codes(input.ctype, input.offset, PAGE + 1)), input.offset, PAGE);
    },

    /** Every code (newest first, at most 5000) with who used it, as CSV (lib/csv.ts: no formulas). */
    async exportCsv(ctype: CodeRow['ctype'] | undefined) {
      const rows = await views(await repo.codes(ctype, 0, 5000));
      return csvDocument(
        ['邀请码', '类型', '天数', '备注', '生成时间', '使用者'],
        rows.map((c) => [c.code, c.ctype, c.days, c.remark, c.created_at, c.used_by.map((u) => `${u.username}(${u.user_id})`).join('; ')]),
      );
    },

    async mine(actor: UserActor) {
      const code = (await views([await ownCode(actor.user.id)]))[0]!;
      const binding = await repo.bindingOf(actor.user.id);
      const boundCode = binding ? await repo.codeById(binding.code_id) : undefined;
      return { ...code, bound: boundCode ? { code: boundCode.code, ctype: boundCode.ctype } : null };
    },

    async bindCode(actor: UserActor, input: { user_id: number; code: string }) {
      if (input.user_id !== actor.user.id) {
        // Binding for another account is a manager's job; to anyone else that account is not there.
        if (!isManager(actor) || !(await users.byId(input.user_id))) throw new NotFound('用户不存在');
      }
      const code = await usable(input.code);
      if (code.ctype === 'register') throw new Invalid('注册邀请码只能在注册时使用');
      return bind(input.user_id, code);
    },

    /** Registration: the code must be usable before the account is made. */
    checkForRegistration: (codeText: string) => usable(codeText),
    bindAtRegistration: (userId: number, code: CodeRow) => bind(userId, code),

    async receiveAward(actor: UserActor, codeId: number) {
      const earned = await repo.earnedByCode(actor.user.id, codeId);
      if (earned.length === 0) throw new NotFound('没有可领取的奖励');
      return transaction(db, async () => {
        let claimed = 0;
        let days = 0;
        for (const award of earned) {
          if (!(await repo.claimAward(award.id, clock.now().toISOString()))) continue;
          await membership.apply(actor.user.id, {
            action: 'renew',
            days: award.days,
            source: 'award',
            operatorId: null,
            remark: award.title,
            ref: award.ref,
          });
          claimed += 1;
          days += award.days;
        }
        if (claimed === 0) throw new Conflict('奖励已经领取过了');
        return { claimed, days, user: users.show((await users.byId(actor.user.id))!) };
      });
    },

    async awards(actor: UserActor) {
      return { list: (await repo.awardsOf(actor.user.id)).map(awardView) };
    },
  };
}

export type CodesService = ReturnType<typeof codesService>;
