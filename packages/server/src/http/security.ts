import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers with a CSP that fits the SPA: own scripts only (plus a configured analytics origin). */
export async function securityHeaders(app: FastifyInstance, analyticsScriptUrl: string | null) {
  const analytics = analyticsScriptUrl ? [new URL(analyticsScriptUrl).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...analytics],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Served over plain http on a LAN or in development; upgrading would break it.
        upgradeInsecureRequests: null,
        formAction: ["'self'"],
      },
    },
    // The app opens images from article sources; cross-origin isolation would block them.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
