// Membership constants with no zod, so the web client (client.ts) can load them without the schemas.

/** Order states (docs/membership.md): pending → paid → finished; pending → closed; paid/finished → refunded. */
export const orderStatuses = ['pending', 'paid', 'finished', 'closed', 'refunded'] as const;
export const orderStatusLabels: Record<(typeof orderStatuses)[number], string> = {
  pending: '待支付',
  paid: '已支付',
  finished: '已完成',
  closed: '已关闭',
  refunded: '已退款',
};
export const payProviders = ['manual', 'wechat', 'alipay'] as const;
export const payProviderLabels: Record<(typeof payProviders)[number], string> = {
  manual: '人工确认',
  wechat: '微信支付',
  alipay: '支付宝',
};

/**
 * Invitation code types: `invite` a reader's personal code (each new reader who binds it earns
 * its owner `days`); `register` a one-use registration invite; `member` a one-use code worth
 * `days` of membership to whoever binds it; `trial` a one-use code worth a trial.
 */
export const codeTypes = ['invite', 'register', 'member', 'trial'] as const;
export const codeTypeLabels: Record<(typeof codeTypes)[number], string> = {
  invite: '个人邀请码',
  register: '注册邀请码',
  member: '会员天数码',
  trial: '试用会员码',
};

/** Weekly rank categories: reading minutes, finished articles, words reviewed. */
export const rankCats = ['time', 'finish', 'review'] as const;
export const rankCatLabels: Record<(typeof rankCats)[number], string> = { time: '阅读时长', finish: '读完文章', review: '复习单词' };
