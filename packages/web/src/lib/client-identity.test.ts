import { describe, expect, it } from 'vitest';
import { generateClientId, getClientId, getClientInfo, initIdentity, isNewVisitor, getUserId } from './client-identity';
import { getCookie } from './cookies';
import { isReviewMode } from './review-mode';

describe('anonymous client id', () => {
  it('is generated when absent, stored in bb_cuid, and matches the client-key pattern', () => {
    const id = getClientId();
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(id.length).toBeGreaterThanOrEqual(16);
    expect(getCookie('bb_cuid')).toBe(id);
  });

  it('is kept when a cookie already holds one', () => {
    document.cookie = 'bb_cuid=existing_client-01; path=/';
    expect(getClientId()).toBe('existing_client-01');
  });

  it('is different on every generation', () => {
    expect(generateClientId()).not.toBe(generateClientId());
  });
});

describe('new visitor', () => {
  it('is new when neither a user id nor a client id cookie existed at start', () => {
    initIdentity();
    expect(isNewVisitor()).toBe(true);
  });

  it('is not new when a client id existed', () => {
    document.cookie = 'bb_cuid=abcdefgh12345678; path=/';
    expect(isNewVisitor()).toBe(false);
  });

  it('is not new when only a user id existed', () => {
    document.cookie = 'bb_uid=12; path=/';
    expect(isNewVisitor()).toBe(false);
    expect(getUserId()).toBe(12);
  });

  it('stays new for the whole visit, although the client id cookie now exists', () => {
    initIdentity();
    getClientId();
    expect(isNewVisitor()).toBe(true);
  });
});

describe('client info', () => {
  it('is parsed from the bb_client_info cookie', () => {
    document.cookie = `bb_client_info=${encodeURIComponent('app_android_huawei_120_1.2.0')}; path=/`;
    expect(getClientInfo()).toEqual({
      source: 'app',
      platform: 'android',
      channel: 'huawei',
      version_code: '120',
      version: '1.2.0',
    });
  });

  it('falls back to window.__CLIENT_INFO__', () => {
    window.__CLIENT_INFO__ = 'app_ios_appstore_7_2.0.1';
    expect(getClientInfo()?.platform).toBe('ios');
  });

  it('is null with fewer than five parts', () => {
    window.__CLIENT_INFO__ = 'app_ios_appstore_7';
    expect(getClientInfo()).toBeNull();
  });
});

describe('review mode', () => {
  it('is off by default', () => {
    expect(isReviewMode()).toBe(false);
  });

  it('is on when window.__REVIEW_MODE__ is the string "true"', () => {
    window.__REVIEW_MODE__ = 'true';
    expect(isReviewMode()).toBe(true);
  });

  it('is on when the bb_review cookie is "true", and off for any other value', () => {
    document.cookie = 'bb_review=1; path=/';
    expect(isReviewMode()).toBe(false);
    document.cookie = 'bb_review=true; path=/';
    expect(isReviewMode()).toBe(true);
  });
});
