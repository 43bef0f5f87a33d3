import { PASSWORD_RULE } from '@changdu/contract';
import { Field } from './Field';

export interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** "密码" when registering, "新密码" when changing or resetting. */
  label?: string;
  rule?: { max_length: number; hint: string };
}

/** A new password and its confirmation, with the password rule as the hint. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  label = '新密码',
  rule = PASSWORD_RULE,
}: NewPasswordFieldsProps) {
  const isNew = label === '新密码';
  return (
    <>
      <Field
        label={label}
        name={isNew ? 'new_password' : 'password'}
        type="password"
        autoComplete="new-password"
        maxLength={rule.max_length}
        hint={rule.hint}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <Field
        label={`确认${label}`}
        name={isNew ? 'new_password_confirm' : 'password_confirm'}
        type="password"
        autoComplete="new-password"
        maxLength={rule.max_length}
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
