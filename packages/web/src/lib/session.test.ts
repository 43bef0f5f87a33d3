import { describe, expect, it } from 'vitest';
import { getCookie } from './cookies';
import { dropScriptReadableToken, isLoggedIn, sessionEnded, sessionStarted, sessionStatus } from './session';

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

describe('login session state', () => {
  it('notes a login from the server’s answer without ever writing the token', () => {
    sessionStarted({ user_id: 7 }, inADay());
    expect(isLoggedIn()).toBe(true);
    expect(getCookie('bb_uid')).toBe('7');
    expect(getCookie('bb_token')).toBeNull();
    expect(document.cookie).not.toContain('bb_token');
  });

  it('is out in a browser without a user id cookie, so no request is needed', () => {
    expect(sessionStatus()).toBe('out');
  });

  it('expects a session while the user id cookie is there, until the server says otherwise', () => {
    document.cookie = 'bb_uid=7; path=/';
    expect(sessionStatus()).toBe('in');
    sessionEnded();
    expect(sessionStatus()).toBe('out');
    expect(getCookie('bb_uid')).toBeNull();
  });

  it('inside the native app is unknown until the server answers: the wrapper may have put a token in', () => {
    window.__CLIENT_INFO__ = 'app_android_huawei_120_1.2.0';
    expect(sessionStatus()).toBe('unknown');
    sessionStarted({ user_id: 9 });
    expect(sessionStatus()).toBe('in');
    expect(getCookie('bb_uid')).toBe('9');
  });

  it('ends on logout: the user id cookie goes too', () => {
    sessionStarted({ user_id: 7 }, inADay());
    sessionEnded();
    expect(isLoggedIn()).toBe(false);
    expect(getCookie('bb_uid')).toBeNull();
  });

  it('removes a script-readable bb_token an earlier build wrote, in a browser', () => {
    document.cookie = 'bb_token=legacy; path=/';
    dropScriptReadableToken();
    expect(document.cookie).not.toContain('bb_token');
  });

  it('leaves a bb_token the native app put into its WebView', () => {
    window.__CLIENT_INFO__ = 'app_android_huawei_120_1.2.0';
    document.cookie = 'bb_token=from-native; path=/';
    dropScriptReadableToken();
    expect(getCookie('bb_token')).toBe('from-native');
  });
});
