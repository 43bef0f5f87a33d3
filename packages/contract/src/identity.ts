/** Names of the cookies and headers that carry the client's identity (DESIGN.md §3, spec §3). */
export const Cookies = {
  token: 'bb_token',
  appId: 'bb_ua',
  userId: 'bb_uid',
  clientId: 'bb_cuid',
  clientInfo: 'bb_client_info',
  reviewMode: 'bb_review',
  theme: 'bb_theme',
} as const;

export const Headers = {
  authorization: 'authorization',
  appId: 'x-bb-ua',
  clientId: 'x-bb-cuid',
  clientInfo: 'x-client-info',
  signature: 'x-bb-sign',
} as const;

/** The anonymous client id lives this long (spec §9). */
export const CLIENT_ID_DAYS = 365;
