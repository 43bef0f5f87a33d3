/**
 * The status-code catalogue (DESIGN.md §3). Codes are HTTP-like strings and the
 * HTTP status of a response always equals its envelope code.
 */
export const Codes = {
  OK: '200',
  INVALID: '400',
  UNAUTHORIZED: '401',
  FORBIDDEN: '403',
  NOT_FOUND: '404',
  CONFLICT: '409',
  TOO_MANY: '429',
  INTERNAL: '500',
  UNAVAILABLE: '503',
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

/** Default learner-facing messages, used when an error carries none of its own. */
export const defaultMessages: Record<Code, string> = {
  '200': 'ok',
  '400': '请求参数不正确',
  '401': '请先登录',
  '403': '没有权限进行此操作',
  '404': '内容不存在',
  '409': '操作冲突，请刷新后重试',
  '429': '操作太频繁，请稍后再试',
  '500': '服务器开小差了，请稍后再试',
  '503': '服务暂不可用，请稍后再试',
};

/** The message the client shows for a network failure (spec §8); its code is empty. */
export const NETWORK_ERROR_MSG = '网络异常';
