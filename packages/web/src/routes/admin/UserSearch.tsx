import { useState, type FormEvent } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { PASSWORD_RULE, type User } from '@changdu/contract';
import { useChangePassword } from '../../api/auth.queries';
import { useUserSearch } from '../../api/users.queries';
import { useCloseMember, useOpenMember, useRenewMember, useUserMemberLog } from '../../api/membership.queries';
import { LogItem } from '../membership/MemberLog';
import '../../styles/membership.css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatDateTime, maskPhone, roleLabels } from '../../lib/format';
import { toast } from '../../lib/toast';

/** Find users by phone, username or id; super users may also set a new password. */
export function UserSearch() {
  const me = useOutletContext<User>();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const [resetFor, setResetFor] = useState<User | null>(null);
  const [memberFor, setMemberFor] = useState<User | null>(null);
  const search = useUserSearch(q);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    // The query lives in the URL, so back and reload keep the results.
    setParams(next ? { q: next } : {});
  };

  return (
    <div className="admin-panel">
      <form className="search-form" onSubmit={onSubmit} role="search">
        <Field
          label="搜索用户"
          name="q"
          type="search"
          placeholder="手机号、用户名或用户 ID"
          autoComplete="off"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          addon={
            <button type="submit" className="button button-primary">
              搜索
            </button>
          }
        />
      </form>
      {q === '' ? (
        <p className="empty">输入手机号、用户名或用户 ID 开始查找</p>
      ) : search.isPending ? (
        <Spinner />
      ) : search.error ? (
        <FormError message={search.error.msg} />
      ) : search.data.list.length === 0 ? (
        <p className="empty">没有找到与“{q}”匹配的用户</p>
      ) : (
        <ul className="result-list" aria-label="搜索结果">
          {search.data.list.map((user) => (
            <UserCard
              key={user.user_id}
              user={user}
              canReset={me.is_super && user.user_id !== me.user_id}
              onReset={() => setResetFor(user)}
              onMember={() => setMemberFor(user)}
            />
          ))}
        </ul>
      )}
      <Modal open={memberFor !== null} onClose={() => setMemberFor(null)} title="会员管理">
        {memberFor && <MemberForm user={memberFor} onDone={() => setMemberFor(null)} />}
      </Modal>
      <Modal open={resetFor !== null} onClose={() => setResetFor(null)} title="重设密码">
        {resetFor && <ResetPasswordForm user={resetFor} onDone={() => setResetFor(null)} />}
      </Modal>
    </div>
  );
}

function UserCard({ user, canReset, onReset, onMember }: { user: User; canReset: boolean; onReset: () => void; onMember: () => void }) {
  return (
    <li className="card user-card">
      <div className="user-card-head">
        <div>
          <p className="user-card-name">{user.username}</p>
          <p className="user-card-sub">
            ID {user.user_id}
            {user.phone && ` · ${maskPhone(user.phone)}`}
          </p>
        </div>
        <span className={`badge${user.role !== 'user' ? ' badge-accent' : ''}`}>{roleLabels[user.role] ?? user.role}</span>
      </div>
      <dl className="user-card-facts">
        <div>
          <dt>会员</dt>
          <dd>{user.member ? `剩余 ${user.member.days_left} 天（${formatDate(user.member.expires_at)} 到期）` : '未开通'}</dd>
        </div>
        <div>
          <dt>注册时间</dt>
          <dd>{formatDateTime(user.created_at)}</dd>
        </div>
        {user.openid && (
          <div>
            <dt>微信</dt>
            <dd className="mono">{user.openid}</dd>
          </div>
        )}
      </dl>
      <div className="user-card-actions">
        <button type="button" className="button button-secondary button-small" onClick={onMember}>
          会员管理
        </button>
        {canReset && (
          <button type="button" className="button button-secondary button-small" onClick={onReset}>
            重设密码
          </button>
        )}
      </div>
    </li>
  );
}

function ResetPasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const change = useChangePassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    change.mutate(
      { user_id: user.user_id, new_password: password },
      {
        onSuccess: () => {
          toast(`已为 ${user.username} 设置新密码`);
          onDone();
        },
        onError: (err) => setError(err.msg),
      },
    );
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="form-note">
        为 <strong>{user.username}</strong>（ID {user.user_id}）设置新密码。对方的所有登录会失效。
      </p>
      <Field
        label="新密码"
        name="new_password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_RULE.max_length}
        hint={PASSWORD_RULE.hint}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      <SubmitButton pending={change.isPending}>保存</SubmitButton>
    </form>
  );
}

/** Open, renew or close a membership with a remark; the user's member log below. */
function MemberForm({ user, onDone }: { user: User; onDone: () => void }) {
  const open = useOpenMember();
  const renew = useRenewMember();
  const close = useCloseMember();
  const log = useUserMemberLog(user.user_id);
  const [days, setDays] = useState('31');
  const [level, setLevel] = useState('1');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const pending = open.isPending || renew.isPending || close.isPending;
  const handlers = {
    onSuccess: () => {
      toast(`已更新 ${user.username} 的会员`);
      onDone();
    },
    onError: (err: { msg: string }) => setError(err.msg),
  };
  const n = Number(days);
  const validDays = Number.isInteger(n) && n >= 1 && n <= 3660;
  const rows = log.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="form">
      <p className="form-note">
        <strong>{user.username}</strong>（ID {user.user_id}）：
        {user.member ? `会员，剩余 ${user.member.days_left} 天（${formatDate(user.member.expires_at)} 到期）` : '未开通会员'}
      </p>
      <Field label="天数" name="days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
      <Field label="等级（开通时）" name="level" inputMode="numeric" value={level} onChange={(e) => setLevel(e.target.value)} />
      <Field label="备注" name="remark" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
      <FormError message={error} />
      <div className="member-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={pending || !validDays}
          onClick={() => open.mutate({ user_id: user.user_id, level: Number(level) || 1, days: n, remark }, handlers)}
        >
          开通（从现在起）
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={pending || !validDays}
          onClick={() => renew.mutate({ user_id: user.user_id, days: n, remark }, handlers)}
        >
          续期
        </button>
        {user.member && (
          <button
            type="button"
            className="button button-danger"
            disabled={pending}
            onClick={() => {
              close.reset();
              setClosing(true);
            }}
          >
            关闭会员
          </button>
        )}
      </div>
      <ConfirmDialog
        open={closing}
        title="关闭会员"
        confirm="确定关闭"
        pending={close.isPending}
        error={close.error?.msg}
        onClose={() => setClosing(false)}
        onConfirm={() => close.mutate({ user_id: user.user_id, remark }, { onSuccess: handlers.onSuccess })}
      >
        <p className="form-note">
          立即结束 <strong>{user.username}</strong> 的会员？
        </p>
      </ConfirmDialog>
      <h3 className="section-title">会员日志</h3>
      {log.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="empty">没有会员日志</p>
      ) : (
        <ul className="plain-list">
          {rows.map((l) => (
            <LogItem key={l.id} log={l} />
          ))}
        </ul>
      )}
    </div>
  );
}
