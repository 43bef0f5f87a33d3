// Constants of the appinfo calls with no zod, so the web client (client.ts) loads them without the schemas.

/** Which JS-SDK: `wx` the WeChat official account, `qywx` WeCom (企业微信). */
export const wxCats = ['wx', 'qywx'] as const;
export type WxCat = (typeof wxCats)[number];

/** Platforms the app ships on (the second part of the client-info string). */
export const appPlatforms = ['android', 'ios', 'harmony'] as const;

/** A manual payment's QR image as a data URL: about 300 KB of image once base64 is counted. */
export const MANUAL_PAY_QR_MAX = 400_000;
