// The contract's face for the web client: everything it needs at run time, and no zod. The web
// build maps `@changdu/contract` here (packages/web/vite.config.ts), so the reader's bundle
// carries constants, codes and the route table, not the schemas; importing a schema in web code
// fails the build. Types still come from index.ts (TypeScript resolves the package itself).
export * from './codes.js';
export * from './identity.js';
export * from './client-info.js';
export * from './roles.js';
export * from './signing.js';
export * from './notes-format.js';
export * from './reader-html.js';
export * from './article-pack.js';
export * from './constants.js';
export * from './membership-constants.js';
export * from './appinfo-constants.js';
export * from './collections-constants.js';
export * from './books-constants.js';
export * from './article-media-constants.js';
export * from './magazines-constants.js';
export * from './learner-constants.js';
export { describedPath, fillPath, inQuery, pathParams, requestParts, routerPath, type RouteShape } from './paths.js';
export { routes as endpoints } from './routes.generated.js';
export * from './word-lookup.js';
export * from './word-occurrence.js';
