import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { password, phone, username } from './fields.js';

const message = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('field rules', () => {
  it('asks for a missing phone and rejects a malformed one, naming the field', () => {
    expect(message(phone, undefined)).toBe('请填写手机号');
    expect(message(phone, '12345')).toBe('请输入正确的 11 位手机号');
    expect(message(phone, ' 13912345678 ')).toBeNull();
  });

  it('requires 8+ character passwords with letters and digits', () => {
    expect(message(password(), 'abc1')).toBe('密码至少需要 8 位');
    expect(message(password(), 'abcdefgh')).toBe('密码需同时包含字母和数字');
    expect(message(password('新密码'), '')).toBe('请填写新密码');
    expect(message(password(), 'abcd1234')).toBeNull();
  });

  it('allows Chinese, letters, digits and underscores in usernames but not all digits', () => {
    expect(message(username, '读者_Amy1')).toBeNull();
    expect(message(username, '123456')).toBe('用户名不能全是数字');
    expect(message(username, 'a b')).toBe('用户名只能包含中文、字母、数字和下划线');
    expect(message(username, 'a')).toBe('用户名至少需要 2 个字符');
  });
});
