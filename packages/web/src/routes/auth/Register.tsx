import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Output } from '../../api/client';
import { useRegister, useRegisterByPhone, useRegisterRule } from '../../api/auth.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PageHeader } from '../../components/PageHeader';
import { PhoneVerification } from '../../components/PhoneVerification';
import { Spinner } from '../../components/Spinner';
import { safeRedirect } from '../../lib/navigation';

type RegisterRule = Output<'auth.registerRule'>;

/**
 * Registration, shaped by `GET /auth/register_rule`: phone + password when no SMS check
 * is required (`/auth/register_by_phone`), otherwise captcha + SMS code
 * (`/auth/register`, where an invitation code may be given).
 */
export function Register() {
  const rule = useRegisterRule();
  return (
    <div className="page page-narrow">
      <PageHeader title="注册" back />
      <div className="auth-intro">
        <h2 className="auth-heading">加入畅读</h2>
        <p className="auth-sub">每天读一点外刊，英语稳步提高</p>
      </div>
      {rule.isPending ? (
        <Spinner />
      ) : rule.error ? (
        <div className="card">
          <FormError message={rule.error.msg} />
          <button type="button" className="button button-secondary" onClick={() => void rule.refetch()}>
            重试
          </button>
        </div>
      ) : (
        <RegisterForm rule={rule.data} />
      )}
    </div>
  );
}

function RegisterForm({ rule }: { rule: RegisterRule }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const byPhone = useRegisterByPhone();
  const bySms = useRegister();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [invite, setInvite] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redirect = params.get('redirect');
  const pending = byPhone.isPending || bySms.isPending;
  // Invitation codes travel with /auth/register only (register_by_phone has no field for one).
  const showInvite = rule.sms_required && rule.invite_code_enabled;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError('两次输入的密码不一致');
    if (showInvite && rule.invite_code_required && !invite.trim()) return setError('请填写邀请码');
    setError(null);
    const handlers = {
      onSuccess: () => void navigate(safeRedirect(redirect), { replace: true }),
      onError: (err: { msg: string }) => setError(err.msg),
    };
    if (rule.sms_required) {
      bySms.mutate({ phone: phone.trim(), password, sms_code: smsCode.trim(), code: invite.trim() || undefined }, handlers);
    } else {
      byPhone.mutate({ phone: phone.trim(), password }, handlers);
    }
  };

  return (
    <form className="form card" onSubmit={onSubmit} noValidate>
      <Field
        label="手机号"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      {rule.sms_required && (
        <PhoneVerification phone={phone} stype="register" smsCode={smsCode} onSmsCode={setSmsCode} onError={setError} />
      )}
      <NewPasswordFields
        label="密码"
        rule={rule.password}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      {showInvite && (
        <Field
          label="邀请码"
          name="invite_code"
          autoComplete="off"
          placeholder={rule.invite_code_required ? '必填' : '选填'}
          value={invite}
          onChange={(e) => setInvite(e.target.value)}
        />
      )}
      <FormError message={error} />
      <SubmitButton pending={pending}>注册</SubmitButton>
      <div className="form-links">
        <span>
          已有账号？<Link to={redirect ? `/Login?redirect=${encodeURIComponent(redirect)}` : '/Login'}>去登录</Link>
        </span>
      </div>
    </form>
  );
}
