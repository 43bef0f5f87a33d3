// The membership module's public face: products, member changes and logs, orders and payment
// notices, trials, invitation codes and awards, weekly reading ranks (docs/membership.md).
export { membershipService, type MembershipService } from './membership.service.js';
export { ordersService, type OrdersService } from './orders.service.js';
export { codesService, type CodesService } from './codes.service.js';
export { ranksService, type RanksService } from './ranks.service.js';
export { membershipRoutes, payNoticeRoutes } from './membership.routes.js';
