import type { z } from 'zod';

const HAS_CJK = /[\u3400-\u9fff]/;

/**
 * The message of a validation failure: the first issue's own Chinese message (the
 * contract's field builders name the field), or a generic one naming the parameter.
 */
export function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数不正确';
  if (HAS_CJK.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  return field ? `参数 ${field} 不正确` : '请求参数格式不正确';
}
