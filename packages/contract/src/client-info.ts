/**
 * The client-info string the native app (or a cookie) supplies:
 * `source_platform_channel_versionCode_version`, e.g. `app_android_huawei_120_1.2.0`.
 * Fewer than five underscore-separated parts is invalid; a version may itself
 * contain underscores, so everything after the fourth part belongs to it.
 */
export interface ClientInfo {
  source: string;
  platform: string;
  channel: string;
  version_code: string;
  version: string;
}

export function parseClientInfo(raw: string | null | undefined): ClientInfo | null {
  if (!raw) return null;
  const parts = raw.trim().split('_');
  if (parts.length < 5 || parts.slice(0, 5).some((p) => p === '')) return null;
  const [source, platform, channel, version_code, ...rest] = parts as [string, string, string, string, ...string[]];
  return { source, platform, channel, version_code, version: rest.join('_') };
}

export function formatClientInfo(info: ClientInfo): string {
  return [info.source, info.platform, info.channel, info.version_code, info.version].join('_');
}
