import type { Output } from '../../api/client';
import { useBuyerPaid, useManualPay, yuan } from '../../api/membership.queries';
import { useCurrentUser } from '../../api/users.queries';
import { FormError } from '../../components/Field';
import { formatDateTime } from '../../lib/format';

type Order = Output<'order.show'>;

/**
 * A manual order awaiting payment: whom to pay (payee, account or QR image, as a manager set it
 * in /admin/order), how much and with which note, then 我已付款, which flags the order for managers.
 */
export function ManualPayBox({ order }: { order: Order }) {
  const manual = useManualPay();
  const paid = useBuyerPaid();
  const m = manual.data;
  if (!m?.configured) return null;
  return (
    <div className="manual-pay" aria-label="付款方式" role="group">
      <dl className="manual-pay-list">
        <dt>收款人</dt>
        <dd>{m.payee}</dd>
        {m.account && (
          <>
            <dt>收款账号</dt>
            <dd className="mono">{m.account}</dd>
          </>
        )}
        <dt>金额</dt>
        <dd>
          <strong>{yuan(order.amount_fen)}</strong>
        </dd>
        <dt>转账备注</dt>
        <dd className="mono">{order.order_no}</dd>
        {m.contact && (
          <>
            <dt>联系</dt>
            <dd>{m.contact}</dd>
          </>
        )}
      </dl>
      {m.qr_image && <img className="manual-pay-qr" src={m.qr_image} alt={`${m.payee ?? ''}的收款码`} width={200} height={200} />}
      {m.note && <p className="row-card-sub">{m.note}</p>}
      {order.buyer_paid_at ? (
        <p className="notice" data-testid="buyer-paid">
          已告知管理员（{formatDateTime(order.buyer_paid_at)}）。核对收款后会员立即生效，本页会自动更新。
        </p>
      ) : (
        <>
          <FormError message={paid.error?.msg ?? null} />
          <button
            type="button"
            className="button button-primary"
            disabled={paid.isPending}
            onClick={() => paid.mutate({ order_no: order.order_no })}
          >
            我已付款
          </button>
        </>
      )}
    </div>
  );
}

/** The buy page when no manager has set how to pay by hand: how buying works, and whom to ask. */
export function NoManualPay({ contact }: { contact: string | null }) {
  const { user } = useCurrentUser();
  return (
    <section className="card notice section" aria-label="如何购买" data-testid="no-manual-pay">
      <h2 className="section-title">如何开通会员</h2>
      <p>本站的会员由管理员人工开通：转账收款的方式还没有公布，所以现在不能在线下单。</p>
      <p>
        {contact ? `请联系 ${contact}` : '请联系本站的管理员'}，说明想开通的套餐，并告诉对方你的用户 ID
        {user ? `（${user.user_id}）` : ''}；管理员收款后会直接为你开通。
      </p>
    </section>
  );
}
