import { authEndpoints } from './auth.endpoints.js';
import { logEndpoints } from './logs.endpoints.js';
import { systemEndpoints } from './system.endpoints.js';
import { userEndpoints } from './users.endpoints.js';

/** The endpoint table: every call the server serves, keyed by a stable name. */
export const endpoints = {
  ...systemEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...logEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
