// The users module's public face.
export { usersService, type UsersService } from './users.service.js';
export { usersRoutes } from './users.routes.js';
export { effectiveRole, isMemberNow, toUser } from './user.mapper.js';
export type { UserRow, NewUser } from './users.repo.js';
