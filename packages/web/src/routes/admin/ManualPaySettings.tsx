import { useState, type ChangeEvent, type FormEvent } from 'react';
import { MANUAL_PAY_QR_MAX } from '@changdu/contract';
import type { Output } from '../../api/client';
import { useManualPay, useSaveManualPay } from '../../api/membership.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';

/**
 * 收款方式 on /admin/order: what a buyer paying by hand sees beside the order number and amount
 * (payee, an account or an uploaded QR image, a contact). Until it is set, the buy page explains
 * how to buy and whom to contact instead of offering a payment nobody can make.
 */
export function ManualPaySettings() {
  const current = useManualPay();
  if (current.isPending) return <Spinner />;
  if (current.error) return <FormError message={current.error.msg} />;
  return <ManualPayForm saved={current.data} />;
}

function ManualPayForm({ saved }: { saved: Output<'appinfo.manualPay'> }) {
  const save = useSaveManualPay();
  const [form, setForm] = useState({ payee: saved.payee ?? '', account: saved.account ?? '', contact: saved.contact ?? '', note: saved.note ?? '' });
  const [qr, setQr] = useState<string | null>(saved.qr_image);
  const [qrError, setQrError] = useState<string | null>(null);
  const data = saved;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setQrError(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      if (url.length > MANUAL_PAY_QR_MAX) setQrError('收款码图片太大，请压缩到 300 KB 以内');
      else setQr(url);
    };
    reader.readAsDataURL(file);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...form, ...(qr ? { qr_image: qr } : {}) }, { onSuccess: () => toast('收款方式已保存') });
  };
  const set = (key: keyof typeof form) => (event: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: event.target.value }));

  return (
    <section className="card manual-pay-settings" aria-labelledby="manual-pay-title">
      <h2 id="manual-pay-title" className="section-title">
        收款方式（人工收款）
      </h2>
      <p className="form-note">
        {data.configured ? '买家下单后会看到这些信息、订单号和金额；买家点“我已付款”后，订单会标出“买家已付款”。' : '还没有设置：买家在购买页只会看到购买说明和联系方式，不能下单付款。'}
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field label="收款人" name="payee" value={form.payee} maxLength={40} onChange={set('payee')} />
        <Field label="收款账号" name="account" value={form.account} maxLength={100} hint="如：招商银行 6222 …… 或支付宝账号；也可只上传收款码" onChange={set('account')} />
        <div className="field">
          <label className="field-label" htmlFor="manual-pay-qr">
            收款码图片
          </label>
          <input id="manual-pay-qr" className="input" type="file" accept="image/png,image/jpeg,image/webp" onChange={onFile} />
          {qr && (
            <div className="manual-pay-qr-preview">
              <img src={qr} alt="当前收款码" width={120} height={120} />
              <button type="button" className="button button-ghost button-small" onClick={() => setQr(null)}>
                移除收款码
              </button>
            </div>
          )}
          <FormError message={qrError} />
        </div>
        <Field label="联系方式" name="contact" value={form.contact} maxLength={100} hint="买家有疑问时找谁，如：微信 changdu-help" onChange={set('contact')} />
        <Field label="说明" name="note" value={form.note} maxLength={200} onChange={set('note')} />
        <FormError message={save.error?.msg ?? null} />
        <SubmitButton pending={save.isPending}>保存收款方式</SubmitButton>
      </form>
    </section>
  );
}
