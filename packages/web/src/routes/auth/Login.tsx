import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../api/auth.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { safeRedirect } from '../../lib/navigation';

/** Login by phone or username + password; then back to `redirect`, else /Mine. */
export function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redirect = params.get('redirect');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setError('请填写手机号或用户名');
    if (!password) return setError('请填写密码');
    setError(null);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => void navigate(safeRedirect(redirect), { replace: true }),
        onError: (err) => setError(err.msg),
      },
    );
  };

  const keep = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <div className="page page-narrow">
      <PageHeader title="登录" back />
      <div className="auth-intro">
        <h2 className="auth-heading">欢迎回来</h2>
        <p className="auth-sub">登录后同步你的生词本、笔记和阅读记录</p>
      </div>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <Field
          label="手机号或用户名"
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Field
          label="密码"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={error} />
        <SubmitButton pending={login.isPending}>登录</SubmitButton>
        <div className="form-links">
          <Link to={`/Register${keep}`}>注册新账号</Link>
          <Link to="/reset">忘记密码？</Link>
        </div>
      </form>
    </div>
  );
}
