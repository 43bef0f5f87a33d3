import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { flag, forText, freeJson, freeJsonObject, id, int, offset, password, phone, username } from './fields.js';

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

/** `levels` nested arrays around a number: `[[[1]]]` is 3 levels. */
const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('numbers and booleans, by where they arrive', () => {
  const json = id('文章 id');
  const text = forText(json);

  it('takes only JSON numbers in a body', () => {
    expect(json.parse(7)).toBe(7);
    for (const v of [true, [5], '7', '0x10', ' 7 ', {}]) expect(message(json, v), JSON.stringify(v)).toBe('文章 id 必须是数字');
    expect(message(json, 1.5)).toBe('文章 id 必须是整数');
    expect(message(json, 0)).toBe('文章 id 必须是正整数');
    expect(message(json, undefined)).toBe('请填写文章 id');
  });

  it('takes only canonical digit strings in a query or path', () => {
    expect(text.parse('7')).toBe(7);
    expect(text.parse('120')).toBe(120);
    for (const v of ['01', '007', '1.0', '1.5']) expect(message(text, v), v).toBe('文章 id 必须是整数');
    for (const v of [' 7 ', '7 ', '+7', '0x10', '1e3', '7a', 'abc', '', '٣']) expect(message(text, v), v).toBe('文章 id 必须是数字');
    expect(message(text, '-3')).toBe('文章 id 必须是正整数');
    expect(message(text, ['1', '2'])).toBe('文章 id 必须是数字');
    expect(message(text, '99999999999999999999')).toBe('文章 id 必须是整数');
    expect(message(text, undefined)).toBe('请填写文章 id');
  });

  it('keeps defaults and ranges through the text form', () => {
    const off = forText(offset);
    expect(off.parse(undefined)).toBe(0);
    expect(off.parse('20')).toBe(20);
    expect(message(off, '-1')).toBe('offset 不能为负数');
    expect(message(forText(int('用时', { min: 0, max: 10 })), '11')).toBe('用时 不能超过 10');
  });

  it('takes JSON booleans in a body and the documented words in a query', () => {
    const f = flag('is_public');
    expect(f.parse(true)).toBe(true);
    for (const v of [1, 0, 'true', '1', [true], null]) expect(message(f, v), JSON.stringify(v)).toBe('is_public必须是 true 或 false');
    const q = forText(f);
    expect([q.parse('true'), q.parse('1'), q.parse('false'), q.parse('0')]).toEqual([true, true, false, false]);
    for (const v of ['yes', 'TRUE', ' 1', '']) expect(message(q, v), v).toBe('is_public必须是 true 或 false');
  });

  it('gives a POST path parameter the text form and keeps body fields JSON-typed', () => {
    const ep = endpoint({
      method: 'POST',
      path: '/x/{id}/review',
      role: 'user',
      summary: 't',
      input: z.object({ id: id('卡片 id'), rating: int('rating', { min: 1, max: 4 }) }).refine((v) => v.rating !== 2, { error: 'no 2' }),
      output: z.null(),
    });
    expect(ep.input.parse({ id: '5', rating: 3 })).toEqual({ id: 5, rating: 3 });
    expect(message(ep.input, { id: 5, rating: 3 })).toBe('卡片 id 必须是数字');
    expect(message(ep.input, { id: '5', rating: '3' })).toBe('rating 必须是数字');
    expect(message(ep.input, { id: '5', rating: true })).toBe('rating 必须是数字');
    // Object-level refinements survive the swap.
    expect(message(ep.input, { id: '5', rating: 2 })).toBe('no 2');
  });
});

describe('free-form JSON', () => {
  it('caps nesting depth without overflowing the stack, naming the field', () => {
    const data = freeJson('事件数据');
    expect(message(data, nested(9))).toBeNull();
    expect(message(data, { a: nested(9) })).toBeNull();
    expect(message(data, nested(11))).toBe('事件数据层级太深（最多 10 层）');
    expect(message(data, nested(100_000))).toBe('事件数据层级太深（最多 10 层）');
  });

  it('caps the serialized size', () => {
    expect(message(freeJson('事件数据', { maxBytes: 4096 }), { blob: 'x'.repeat(5000) })).toBe('事件数据太大（最多 4KB）');
    // Bytes, not characters: 1,500 Chinese characters are 4,500 bytes.
    expect(message(freeJson('事件数据', { maxBytes: 4096 }), { blob: '读'.repeat(1500) })).toBe('事件数据太大（最多 4KB）');
    expect(message(freeJson('事件数据'), { path: '/p1' })).toBeNull();
    expect(message(freeJson('uid', { maxBytes: 100 }), 'x'.repeat(200))).toBe('uid太大（最多 100 字节）');
  });

  it('takes only objects where an object is asked for', () => {
    const pos = freeJsonObject('位置数据', { maxBytes: 2048, tooLarge: '位置数据太大' });
    expect(message(pos, { start: 1, end: 4 })).toBeNull();
    expect(message(pos, 'somewhere')).toBe('位置数据格式不正确');
    expect(message(pos, { blob: 'x'.repeat(3000) })).toBe('位置数据太大');
    expect(message(pos, { a: nested(20) })).toBe('位置数据层级太深（最多 10 层）');
  });
});
