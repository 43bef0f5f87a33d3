import { useState } from 'react';
import { PHONE_PATTERN } from '@changdu/contract';
import { useSendSmsCode } from '../api/auth.queries';
import { getClientId } from '../lib/client-identity';
import { useCountdown } from '../hooks/useCountdown';
import { Field } from './Field';

export const SMS_RESEND_SECONDS = 60;

export interface SmsCodeFieldProps {
  phone: string;
  captcha: string;
  stype: 'register' | 'reset';
  value: string;
  onChange: (value: string) => void;
  /** Reports a failure (or null on success) for the form's message line. */
  onError: (message: string | null) => void;
  /** The captcha was spent: the form shows a new image. */
  onCaptchaUsed: () => void;
}

/** The SMS code field with its "获取验证码" button and a 60-second resend countdown. */
export function SmsCodeField({ phone, captcha, stype, value, onChange, onError, onCaptchaUsed }: SmsCodeFieldProps) {
  const send = useSendSmsCode();
  const [left, startCountdown] = useCountdown();
  const [validMinutes, setValidMinutes] = useState<number | null>(null);

  const onSend = () => {
    if (!PHONE_PATTERN.test(phone.trim())) return onError('请输入正确的 11 位手机号');
    if (!captcha.trim()) return onError('请先填写图形验证码');
    onError(null);
    send.mutate(
      { phone: phone.trim(), captcha: captcha.trim(), stype, key: getClientId() },
      {
        onSuccess: (answer) => {
          setValidMinutes(Math.max(1, Math.round(answer.expires_in / 60)));
          startCountdown(answer.resend_after > 0 ? answer.resend_after : SMS_RESEND_SECONDS);
        },
        onError: (error) => onError(error.msg),
        onSettled: onCaptchaUsed,
      },
    );
  };

  return (
    <Field
      label="短信验证码"
      name="sms_code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="6 位数字"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={validMinutes ? `验证码已发送至 ${phone.trim()}，${validMinutes} 分钟内有效` : undefined}
      addon={
        <button type="button" className="button button-secondary sms-button" disabled={send.isPending || left > 0} onClick={onSend}>
          {left > 0 ? `${left} 秒后重发` : '获取验证码'}
        </button>
      }
    />
  );
}
