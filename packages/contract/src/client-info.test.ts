import { describe, expect, it } from 'vitest';
import { formatClientInfo, parseClientInfo } from './client-info.js';

describe('parseClientInfo', () => {
  it('splits five underscore parts into source, platform, channel, version_code and version', () => {
    expect(parseClientInfo('app_android_huawei_120_1.2.0')).toEqual({
      source: 'app',
      platform: 'android',
      channel: 'huawei',
      version_code: '120',
      version: '1.2.0',
    });
  });

  it('rejects strings with fewer than five parts', () => {
    expect(parseClientInfo('app_android_huawei_120')).toBeNull();
    expect(parseClientInfo('')).toBeNull();
    expect(parseClientInfo(undefined)).toBeNull();
  });

  it('rejects empty parts', () => {
    expect(parseClientInfo('app__huawei_120_1.0')).toBeNull();
  });

  it('keeps underscores that belong to the version', () => {
    expect(parseClientInfo('app_ios_appstore_7_1.0_beta')?.version).toBe('1.0_beta');
  });

  it('round-trips through formatClientInfo', () => {
    const raw = 'web_h5_official_1_0.1.0';
    expect(formatClientInfo(parseClientInfo(raw)!)).toBe(raw);
  });
});
