import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { USERNAME_RULE } from '@changdu/contract';
import { useRegisterRule } from '../../api/auth.queries';
import { useChangeUsername, useCurrentUser } from '../../api/users.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { toast } from '../../lib/toast';

/** Pick a new (unique) username; the rule's hint comes from the server when it answers. */
export function ChangeUsername() {
  return (
    <RequireLogin>
      <ChangeUsernameForm />
    </RequireLogin>
  );
}

function ChangeUsernameForm() {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const rule = useRegisterRule();
  const change = useChangeUsername();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const usernameRule = rule.data?.username ?? USERNAME_RULE;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setError('请填写新用户名');
    setError(null);
    change.mutate(
      { username: username.trim() },
      {
        onSuccess: (updated) => {
          toast(`用户名已改为 ${updated.username}`);
          void navigate('/Mine', { replace: true });
        },
        onError: (err) => setError(err.msg),
      },
    );
  };

  return (
    <div className="page page-narrow">
      <PageHeader title="修改用户名" back />
      <form className="form card" onSubmit={onSubmit} noValidate>
        {user && (
          <p className="form-note">
            当前用户名：<strong>{user.username}</strong>
          </p>
        )}
        <Field
          label="新用户名"
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          maxLength={usernameRule.max_length}
          hint={usernameRule.hint}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <FormError message={error} />
        <SubmitButton pending={change.isPending}>保存</SubmitButton>
      </form>
    </div>
  );
}
