import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useChangePassword } from '../../api/auth.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { NewPasswordFields } from '../../components/NewPasswordFields';
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
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <FormError message={error} />
        <SubmitButton pending={change.isPending}>保存</SubmitButton>
      </form>
    </div>
  );
}
