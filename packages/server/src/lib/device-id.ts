import { randomBytes } from 'node:crypto';

/**
 * The device id of the HttpOnly `bb_dev` cookie: made by the server, so unlike the client-chosen
 * X-BB-CUID (which page scripts read and visitor logs show) it cannot be copied from elsewhere.
 */
export function newDeviceId(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a cookie's value is a device id as `newDeviceId` makes them (32 bytes in base64url). */
export function isDeviceId(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
