import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useOpenTrial, useReceiveTrial, useTrialStatus } from '../../api/membership.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import '../../styles/membership.css';

/** 试用会员: explains the trial and claims it, by a Xiaohongshu id or from a shared link (?e=…). */
export function Trial() {
  return (
    <RequireLogin>
      <TrialScreen />
    </RequireLogin>
  );
}

function TrialScreen() {
  const [params] = useSearchParams();
  const e = params.get('e');
  const status = useTrialStatus();
  const open = useOpenTrial();
  const receive = useReceiveTrial();
  const [xhs, setXhs] = useState('');
  const days = status.data?.days ?? 7;
  const done = (res: { user: { member: { expires_at: string } | null } }) =>
    toast(`试用会员已开通${res.user.member ? `，${formatDate(res.user.member.expires_at)} 到期` : ''}`);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate({ xhs_id: xhs.trim() }, { onSuccess: done });
  };

  return (
    <div className="page">
      <PageHeader title="免费试用会员" back />
      <section className="card member-hero">
        <span className="member-hero-status">免费试用 {days} 天</span>
        <span className="member-hero-sub">试用期间可阅读全部会员文章、使用更多 AI 助手次数。每个账号、每个小红书号只能试用一次。</span>
      </section>
      {status.isPending ? (
        <Spinner />
      ) : status.data?.taken ? (
        <section className="section">
          <p className="empty">你已在 {formatDate(status.data.taken.created_at)} 领取过试用会员。</p>
          <Link to="/member/buy" className="button button-primary button-block">
            开通正式会员
          </Link>
        </section>
      ) : e ? (
        <section className="section">
          <FormError message={receive.error?.msg ?? null} />
          <button
            type="button"
            className="button button-primary button-block"
            disabled={receive.isPending}
            onClick={() => receive.mutate({ e }, { onSuccess: done })}
          >
            领取分享的试用会员
          </button>
        </section>
      ) : (
        <form className="form section" onSubmit={onSubmit} noValidate>
          <Field
            label="小红书号"
            name="xhs_id"
            placeholder="在小红书“我”页面可以看到"
            hint="为什么要小红书号：免费试用每人限领一次，我们用它确认这一点；不会公开，也不作他用。"
            value={xhs}
            maxLength={32}
            onChange={(ev) => setXhs(ev.target.value)}
          />
          <FormError message={open.error?.msg ?? null} />
          <SubmitButton pending={open.isPending}>领取试用</SubmitButton>
        </form>
      )}
    </div>
  );
}
