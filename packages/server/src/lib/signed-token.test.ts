import { describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from './clock.js';
import { signedTokens } from './signed-token.js';

const SECRET = 'a-test-secret-of-enough-length';

describe('signed tokens', () => {
  it('gives back the claims of a token it issued for the same purpose', () => {
    const tokens = signedTokens(SECRET, new ManualClock());
    const { token } = tokens.issue('upload', { key: 'books/a.epub', max: 10 }, 5 * MINUTE);
    expect(tokens.verify('upload', token)).toEqual({ key: 'books/a.epub', max: 10 });
  });

  it('refuses a token for another purpose, an edited one, one signed with another secret and an expired one', () => {
    const clock = new ManualClock();
    const tokens = signedTokens(SECRET, clock);
    const { token } = tokens.issue('upload', { key: 'k' }, MINUTE);
    expect(() => tokens.verify('audio', token)).toThrow('链接无效或已过期');
    const [body, sig] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), c: { key: 'other' } }));
    expect(() => tokens.verify('upload', `${edited.toString('base64url')}.${sig}`)).toThrow();
    expect(() => signedTokens('another-secret-of-enough-length', clock).verify('upload', token)).toThrow();
    expect(() => tokens.verify('upload', 'garbage')).toThrow();
    clock.advance(MINUTE);
    expect(() => tokens.verify('upload', token, '上传许可已过期')).toThrow('上传许可已过期');
  });

  it('tells a genuine token past its time from a forged one when asked to', () => {
    const clock = new ManualClock();
    const tokens = signedTokens(SECRET, clock);
    const text = { invalid: '凭证无效', expired: '凭证已过期' };
    const { token } = tokens.issue('reading', { a: 1 }, MINUTE);
    expect(() => tokens.verify('reading', `${token.split('.')[0]}.forged`, text)).toThrow('凭证无效');
    expect(() => tokens.verify('upload', token, text)).toThrow('凭证无效');
    clock.advance(MINUTE);
    expect(() => tokens.verify('reading', token, text)).toThrow('凭证已过期');
  });
});
