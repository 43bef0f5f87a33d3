import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useResetPassword } from '../../api/auth.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PageHeader } from '../../components/PageHeader';
import { PhoneVerification } from '../../components/PhoneVerification';
import { toast } from '../../lib/toast';

/** Forgotten password: captcha → SMS code → new password, then to the login page. */
export function Reset() {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError('两次输入的新密码不一致');
    setError(null);
    reset.mutate(
      { phone: phone.trim(), new_password: password, sms_code: smsCode.trim() },
      {
        onSuccess: () => {
          toast('密码已重设，请用新密码登录');
          void navigate('/Login', { replace: true });
        },
        onError: (err) => setError(err.msg),
      },
    );
  };

  return (
    <div className="page page-narrow">
      <PageHeader title="找回密码" back />
      <div className="auth-intro">
        <h2 className="auth-heading">重设密码</h2>
        <p className="auth-sub">通过注册手机号接收验证码，设置新密码</p>
      </div>
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
        <PhoneVerification phone={phone} stype="reset" smsCode={smsCode} onSmsCode={setSmsCode} onError={setError} />
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <FormError message={error} />
        <SubmitButton pending={reset.isPending}>重设密码</SubmitButton>
        <div className="form-links">
          <Link to="/Login">想起来了？去登录</Link>
        </div>
      </form>
    </div>
  );
}
