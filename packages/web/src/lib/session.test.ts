import { describe, expect, it } from 'vitest';
import { getCookie } from './cookies';
import { clearSession, isLoggedIn, storeSession, storeToken } from './session';

describe('login session cookies', () => {
  it('stores the token in bb_token and the user id in bb_uid after login', () => {
    storeSession({ token: 'tok-1', expires_at: new Date(Date.now() + 86_400_000).toISOString(), user: { user_id: 7 } });
    expect(getCookie('bb_token')).toBe('tok-1');
    expect(getCookie('bb_uid')).toBe('7');
    expect(isLoggedIn()).toBe(true);
  });

  it('replaces the token after a password change', () => {
    storeToken('old', new Date(Date.now() + 86_400_000).toISOString());
    storeToken('new', new Date(Date.now() + 86_400_000).toISOString());
    expect(getCookie('bb_token')).toBe('new');
  });

  it('does not keep a token whose expiry has passed', () => {
    storeToken('stale', new Date(Date.now() - 1000).toISOString());
    expect(isLoggedIn()).toBe(false);
  });

  it('clears both cookies on logout', () => {
    storeSession({ token: 'tok-1', expires_at: new Date(Date.now() + 86_400_000).toISOString(), user: { user_id: 7 } });
    clearSession();
    expect(getCookie('bb_token')).toBeNull();
    expect(getCookie('bb_uid')).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });
});
