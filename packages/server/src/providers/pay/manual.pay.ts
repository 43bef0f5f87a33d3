import type { PayProvider } from './pay.provider.js';

/** The default: the order waits until a manager confirms the payment (POST /api/member/pay/order/finish). */
export const manualPay: PayProvider = {
  name: 'manual',
  async create() {
    return {
      kind: 'manual',
      code_url: null,
      pay_url: null,
      hint: '请按页面提示转账并备注订单号，工作人员确认收款后会员立即生效。',
    };
  },
};
