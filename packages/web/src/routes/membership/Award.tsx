import { useState, type FormEvent } from 'react';
import { useAwards, useBindCode, useMyCode, useReceiveCodeAward } from '../../api/membership.queries';
import { useCurrentUser } from '../../api/users.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import '../../styles/membership.css';

/** 我的奖励: rank and invitation awards with claim buttons, my invite code, binding a friend's code. */
export function Award() {
  return (
    <RequireLogin>
      <AwardScreen />
    </RequireLogin>
  );
}

function AwardScreen() {
  const awards = useAwards();
  const claim = useReceiveCodeAward();
  return (
    <div className="page">
      <PageHeader title="我的奖励" back />
      <section className="section">
        <h2 className="section-title">奖励</h2>
        {awards.isPending ? (
          <Spinner />
        ) : awards.error ? (
          <LoadFailed message={awards.error.msg} onRetry={() => void awards.refetch()} />
        ) : awards.data.list.length === 0 ? (
          <p className="empty">还没有奖励。登上阅读周榜或邀请好友加入都能获得会员天数。</p>
        ) : (
          <ul className="plain-list" aria-label="奖励">
            {awards.data.list.map((a) => (
              <li key={a.id} className="card row-card">
                <div className="row-card-main">
                  <strong>{a.title}</strong>
                  <span className="row-card-sub">
                    会员 {a.days} 天 · {a.status === 'claimed' && a.claimed_at ? `已领取（${formatDateTime(a.claimed_at)}）` : '待领取'}
                  </span>
                </div>
                {a.status === 'earned' && a.code_id !== null && (
                  <button
                    type="button"
                    className="button button-primary button-small"
                    disabled={claim.isPending}
                    onClick={() =>
                      claim.mutate(
                        { code_id: a.code_id! },
                        { onSuccess: (r) => toast(`已领取 ${r.days} 天会员`), onError: (e) => toast(e.msg) },
                      )
                    }
                  >
                    领取
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <InviteSection />
    </div>
  );
}

function InviteSection() {
  const { user } = useCurrentUser();
  const mine = useMyCode();
  const bind = useBindCode();
  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    bind.mutate({ user_id: user.user_id, code: code.trim() }, { onSuccess: () => toast('邀请码已绑定，奖励可在上方领取') });
  };
  if (mine.isPending) return <Spinner />;
  if (mine.error) return <LoadFailed message={mine.error.msg} onRetry={() => void mine.refetch()} />;
  return (
    <>
      <section className="section">
        <h2 className="section-title">我的邀请码</h2>
        <div className="card pay-box">
          <p className="member-hero-status mono" data-testid="my-code">
            {mine.data.code}
          </p>
          <p className="row-card-sub">
            好友注册后填写你的邀请码，你得 {mine.data.days} 天会员，好友也有奖励。已邀请 {mine.data.used_by.length} 人。
          </p>
          {mine.data.used_by.length > 0 && <p className="row-card-sub">{mine.data.used_by.map((u) => u.username).join('、')}</p>}
        </div>
      </section>
      <section className="section">
        <h2 className="section-title">填写邀请码</h2>
        {mine.data.bound ? (
          <p className="empty">已绑定邀请码 {mine.data.bound.code}</p>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <Field
              label="好友或活动的邀请码"
              name="code"
              value={code}
              maxLength={32}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value)}
            />
            <FormError message={bind.error?.msg ?? null} />
            <SubmitButton pending={bind.isPending}>绑定</SubmitButton>
          </form>
        )}
      </section>
    </>
  );
}
