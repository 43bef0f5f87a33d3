import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { payProviderLabels } from '@changdu/contract';
import type { Output } from '../../api/client';
import {
  useCloseOrder,
  useCreateOrder,
  useManualPay,
  useMemberVersion,
  useOrder,
  useProducts,
  yuan,
} from '../../api/membership.queries';
import { FormError } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { QrCode } from '../../components/QrCode';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatDate } from '../../lib/format';
import { ManualPayBox, NoManualPay } from './ManualPay';
import '../../styles/membership.css';

type Created = Output<'order.create'>;

/** 购买会员: pick a product and a way to pay, create the order, pay, see the result. */
export function Buy() {
  return (
    <RequireLogin>
      <BuyScreen />
    </RequireLogin>
  );
}

function BuyScreen() {
  const products = useProducts();
  const version = useMemberVersion();
  const [params, setParams] = useSearchParams();
  const [picked, setPicked] = useState<number | null>(null);
  const [picking, setProvider] = useState<'manual' | 'wechat' | 'alipay'>('manual');
  // The picked way to pay if the server offers it, else the first it offers.
  const offered = version.data?.providers ?? ['manual'];
  const provider = offered.includes(picking) ? picking : (offered[0] ?? 'manual');
  const [created, setCreated] = useState<Created | null>(null);
  const create = useCreateOrder();
  const manual = useManualPay();
  const orderNo = created?.order.order_no ?? params.get('order_no');

  if (products.isPending || (provider === 'manual' && manual.isPending)) return <Spinner />;
  if (products.error) return <LoadFailed message={products.error.msg} onRetry={() => void products.refetch()} />;
  const list = products.data.list;
  const chosen = list.find((p) => p.id === picked) ?? list.find((p) => p.code === version.data?.recommended) ?? list[0];

  if (orderNo) return <OrderResult orderNo={orderNo} pay={created?.pay ?? null} onBack={() => (setCreated(null), setParams({}))} />;

  return (
    <div className="page">
      <PageHeader title="开通会员" back />
      <section className="section">
        <h2 className="section-title">选择套餐</h2>
        <div className="product-grid" role="group" aria-label="会员套餐">
          {list.map((p) => (
            <button
              key={p.id}
              type="button"
              className="card product-card"
              aria-pressed={chosen?.id === p.id}
              onClick={() => setPicked(p.id)}
            >
              <strong>{p.name}</strong>
              <span className="product-price">{yuan(p.price_fen)}</span>
              {p.original_price_fen && <span className="product-original">原价 {yuan(p.original_price_fen)}</span>}
              <span className="row-card-sub">{p.days} 天</span>
            </button>
          ))}
        </div>
      </section>
      {(version.data?.providers.length ?? 0) > 1 && (
        <section className="section">
          <h2 className="section-title">支付方式</h2>
          <div className="tabs" role="tablist" aria-label="支付方式">
            {version.data!.providers.map((p) => (
              <button key={p} type="button" role="tab" className="tab" aria-selected={provider === p} onClick={() => setProvider(p)}>
                {payProviderLabels[p]}
              </button>
            ))}
          </div>
        </section>
      )}
      {provider === 'manual' && !manual.data?.configured ? (
        <NoManualPay contact={manual.data?.contact ?? null} />
      ) : (
        <>
          <p className="row-card-sub section">
            {provider === 'manual'
              ? '下单后按页面提示付款并备注订单号，工作人员确认收款后会员立即生效。'
              : provider === 'wechat'
                ? '下单后用微信扫码支付，支付成功后会员自动生效。'
                : '下单后跳转到支付宝完成支付，支付成功后会员自动生效。'}
          </p>
          <FormError message={create.error?.msg ?? null} />
          <button
            type="button"
            className="button button-primary button-block"
            disabled={!chosen || create.isPending}
            onClick={() =>
              chosen &&
              create.mutate(
                { product_id: chosen.id, provider },
                {
                  onSuccess: (res) => {
                    setCreated(res);
                    if (res.pay.kind === 'redirect' && res.pay.pay_url) window.location.assign(res.pay.pay_url);
                  },
                },
              )
            }
          >
            {create.isPending ? '正在下单…' : chosen ? `立即支付 ${yuan(chosen.price_fen)}` : '请选择套餐'}
          </button>
        </>
      )}
    </div>
  );
}

function OrderResult({ orderNo, pay, onBack }: { orderNo: string; pay: Created['pay'] | null; onBack: () => void }) {
  const order = useOrder(orderNo);
  const close = useCloseOrder();
  const queryClient = useQueryClient();
  const finished = order.data?.status === 'finished';
  // Membership changes what many screens show (me, locked articles, quotas): refetch them all.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'order.show' });
  }, [finished, queryClient]);
  return (
    <div className="page">
      <PageHeader title="订单" back />
      {order.isPending ? (
        <Spinner />
      ) : order.error ? (
        <LoadFailed message={order.error.msg} onRetry={() => void order.refetch()} />
      ) : (
        <section className="card pay-box" aria-label="订单状态">
          <p>
            <strong>{order.data.product_name}</strong> · {yuan(order.data.amount_fen)}
          </p>
          <p className="row-card-sub mono">订单号 {order.data.order_no}</p>
          {order.data.status === 'finished' ? (
            <>
              <p className="member-hero-status" data-testid="order-done">
                支付成功，会员已生效
              </p>
              <Link to="/member" className="button button-primary">
                查看我的会员
              </Link>
            </>
          ) : order.data.status === 'pending' ? (
            <>
              <p data-testid="order-pending">等待支付确认</p>
              {pay?.hint && <p className="row-card-sub">{pay.hint}</p>}
              {order.data.provider === 'manual' && <ManualPayBox order={order.data} />}
              {pay?.code_url && (
                <figure className="pay-qr">
                  <QrCode text={pay.code_url} label="微信支付二维码" />
                  <figcaption>请用微信扫一扫支付，支付完成后本页会自动更新</figcaption>
                </figure>
              )}
              <div className="member-actions">
                <button type="button" className="button button-secondary" onClick={() => void order.refetch()}>
                  {/* A manual order has its own 我已付款 above: this one only asks again. */}
                  {order.data.provider === 'manual' ? '刷新状态' : '我已支付，刷新状态'}
                </button>
                <button
                  type="button"
                  className="button button-ghost"
                  disabled={close.isPending}
                  onClick={() => close.mutate({ order_no: orderNo })}
                >
                  取消订单
                </button>
              </div>
            </>
          ) : (
            <>
              <p>
                订单{order.data.status === 'closed' ? '已关闭' : '已处理'}（{formatDate(order.data.created_at)}）
              </p>
              <button type="button" className="button button-secondary" onClick={onBack}>
                重新选择套餐
              </button>
            </>
          )}
        </section>
      )}
    </div>
  );
}
