import { useState, type FormEvent } from 'react';
import { orderStatusLabels, orderStatuses, payProviderLabels } from '@changdu/contract';
import type { Output } from '../../api/client';
import { useFinishOrder, useOrders, yuan } from '../../api/membership.queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field, FormError } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { ManualPaySettings } from './ManualPaySettings';
import { toast } from '../../lib/toast';
import '../../styles/membership.css';

type Status = (typeof orderStatuses)[number];
type Order = Output<'order.list'>['list'][number];

/** 订单: how manual payments are made, then search by order number or buyer, filter by status, finish a manual order once paid. */
export function Orders() {
  const [status, setStatus] = useState<Status | ''>('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const orders = useOrders({ ...(status ? { status } : {}), ...(q ? { q } : {}) });
  const finish = useFinishOrder();
  const [finishing, setFinishing] = useState<Order | null>(null);
  const closeFinish = () => {
    finish.reset();
    setFinishing(null);
  };
  const rows = orders.data?.pages.flatMap((p) => p.list) ?? [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  return (
    <div className="admin-panel">
      <ManualPaySettings />
      <form className="filter-row" onSubmit={onSubmit} role="search">
        <Field label="订单号或用户" name="q" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <label className="field">
          <span className="field-label">状态</span>
          <select className="input select" value={status} onChange={(e) => setStatus(e.target.value as Status | '')} aria-label="订单状态">
            <option value="">全部</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary">
          搜索
        </button>
      </form>
      {orders.isPending ? (
        <Spinner />
      ) : orders.error ? (
        <FormError message={orders.error.msg} />
      ) : rows.length === 0 ? (
        <p className="empty">没有符合条件的订单</p>
      ) : (
        <ul className="plain-list" aria-label="订单">
          {rows.map((o) => (
            <li key={o.order_no} className="card row-card">
              <div className="row-card-main">
                <strong>
                  {o.product_name} · {yuan(o.amount_fen)} · {orderStatusLabels[o.status]}
                </strong>
                <span className="row-card-sub mono">{o.order_no}</span>
                {o.buyer_paid_at && o.status === 'pending' && (
                  <span className="badge badge-accent">买家已付款 · {formatDateTime(o.buyer_paid_at)}，请核对收款</span>
                )}
                <span className="row-card-sub">
                  {o.username ?? `用户 ${o.user_id}`}（ID {o.user_id}）· {payProviderLabels[o.provider]} · {formatDateTime(o.created_at)}
                </span>
              </div>
              {(o.status === 'pending' || o.status === 'closed') && o.provider === 'manual' && (
                <button
                  type="button"
                  className="button button-primary button-small"
                  disabled={finish.isPending}
                  onClick={() => setFinishing(o)}
                >
                  确认收款
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <button type="button" className="button button-ghost button-block" onClick={() => void orders.fetchNextPage()}>
          加载更多
        </button>
      )}
      <ConfirmDialog
        open={finishing !== null}
        title="确认收款"
        confirm="完成订单"
        pending={finish.isPending}
        error={finish.error?.msg}
        onClose={closeFinish}
        onConfirm={() =>
          finishing &&
          finish.mutate(
            { order_no: finishing.order_no },
            {
              onSuccess: () => {
                toast('订单已完成，会员已生效');
                closeFinish();
              },
            },
          )
        }
      >
        {finishing && (
          <p className="form-note">
            确认已收到 {yuan(finishing.amount_fen)}，完成订单 <span className="mono">{finishing.order_no}</span> 并为{' '}
            {finishing.username ?? `用户 ${finishing.user_id}`} 开通会员？
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
