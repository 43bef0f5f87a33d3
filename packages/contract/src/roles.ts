/**
 * Roles, weakest first. A role satisfies every requirement at or below its rank:
 * a manager may do what a member may, a super user what a manager may.
 */
export const roles = ['anonymous', 'user', 'member', 'manager', 'super'] as const;
export type Role = (typeof roles)[number];

/** The role stored on a user row; `member` is derived from an unexpired membership. */
export const accountRoles = ['user', 'manager', 'super'] as const;
export type AccountRole = (typeof accountRoles)[number];

export function roleRank(role: Role): number {
  return roles.indexOf(role);
}

export function satisfies(actual: Role, required: Role): boolean {
  return roleRank(actual) >= roleRank(required);
}
