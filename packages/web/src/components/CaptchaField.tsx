import { useState } from 'react';
import { endpointUrl } from '../api/client';
import { getClientId } from '../lib/client-identity';
import { Field } from './Field';

export interface CaptchaFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Bumped by the form to show a new image (a captcha is good for one try). */
  refreshKey: number;
}

/**
 * The graphic captcha: an image from `/auth/captcha?key=<client id>` (the key ties the
 * answer to this browser) and its text field. Tapping the image fetches a new one.
 */
export function CaptchaField({ value, onChange, refreshKey }: CaptchaFieldProps) {
  const [taps, setTaps] = useState(0);
  // A new query string per (refresh, tap) defeats any cache, so the image matches the stored answer.
  const [loadedAt] = useState(() => Date.now());
  const src = `${endpointUrl('auth.captcha', { key: getClientId() })}&t=${loadedAt}-${refreshKey}-${taps}`;
  return (
    <Field
      label="图形验证码"
      name="captcha"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={8}
      placeholder="请输入右侧字符"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      addon={
        <button type="button" className="captcha-button" title="看不清？换一张" onClick={() => setTaps((n) => n + 1)}>
          <img className="captcha-image" src={src} alt="" width={120} height={44} />
          <span className="visually-hidden">换一张</span>
        </button>
      }
    />
  );
}
