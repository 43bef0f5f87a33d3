import { useState } from 'react';
import { CaptchaField } from './CaptchaField';
import { SmsCodeField } from './SmsCodeField';

export interface PhoneVerificationProps {
  phone: string;
  stype: 'register' | 'reset';
  smsCode: string;
  onSmsCode: (value: string) => void;
  onError: (message: string | null) => void;
}

/**
 * The captcha image and the SMS code with its send button, as registration and password reset
 * use them. The captcha is this component's own state: a spent captcha is replaced by a new image.
 */
export function PhoneVerification({ phone, stype, smsCode, onSmsCode, onError }: PhoneVerificationProps) {
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState(0);
  return (
    <>
      <CaptchaField value={captcha} onChange={setCaptcha} refreshKey={captchaKey} />
      <SmsCodeField
        phone={phone}
        captcha={captcha}
        stype={stype}
        value={smsCode}
        onChange={onSmsCode}
        onError={onError}
        onCaptchaUsed={() => {
          setCaptcha('');
          setCaptchaKey((n) => n + 1);
        }}
      />
    </>
  );
}
