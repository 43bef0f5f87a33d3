/** Names of the cookies and headers that carry the client's identity (DESIGN.md §3, spec §3). */
export const Cookies = {
  token: 'bb_token',
  appId: 'bb_ua',
  userId: 'bb_uid',
  clientId: 'bb_cuid',
  clientInfo: 'bb_client_info',
  reviewMode: 'bb_review',
  theme: 'bb_theme',
  /**
   * The server-issued device id (HttpOnly: no page script reads it, no log shows it): a browser
   * that logged into an account before, for the login limits' known-device exemption.
   */
  device: 'bb_dev',
} as const;

export const Headers = {
  authorization: 'authorization',
  appId: 'x-bb-ua',
  clientId: 'x-bb-cuid',
  clientInfo: 'x-client-info',
  signature: 'x-bb-sign',
  /** Marks a call as made by the app's own script: the CSRF proof for a cookie-borne session. */
  requestedWith: 'x-requested-with',
} as const;

/**
 * The value the web client sends in `X-Requested-With`. A cross-site form or link cannot
 * set a request header, and a cross-site script cannot without a CORS preflight the
 * server never grants, so the header proves the call came from the app's own pages.
 */
export const REQUESTED_WITH = 'changdu';

/** The anonymous client id lives this long (spec §9). */
export const CLIENT_ID_DAYS = 365;
