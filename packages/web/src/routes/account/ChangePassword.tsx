import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_RULE } from '@changdu/contract';
import { useChangePassword } from '../../api/auth.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { toast } from '../../lib/toast';

/** Change one's own password; the answer's new token replaces the old one. */
export function ChangePassword() {
  return (
    <RequireLogin>
      <ChangePasswordForm />
    </RequireLogin>
  );
}

function ChangePasswordForm() {
  const navigate = useNavigate();
  const change = useChangePassword();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!oldPassword) return setError('请填写旧密码');
    if (password !== confirm) return setError('两次输入的新密码不一致');
    setError(null);
    change.mutate(
      { old_password: oldPassword, new_password: password },
      {
        onSuccess: () => {
          toast('密码已修改，其他设备需重新登录');
          void navigate('/Mine', { replace: true });
        },
        onError: (err) => setError(err.msg),
      },
    );
  };

  return (
    <div className="page page-narrow">
      <PageHeader title="修改密码" back />
      <form className="form card" onSubmit={onSubmit} noValidate>
        <Field
          label="旧密码"
          name="old_password"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
        />
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
        <Field
          label="确认新密码"
          name="new_password_confirm"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_RULE.max_length}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FormError message={error} />
        <SubmitButton pending={change.isPending}>保存</SubmitButton>
      </form>
    </div>
  );
}
