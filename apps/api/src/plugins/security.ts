import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The web app is built by Vite into same-origin module scripts, so scripts are
 * limited to our own origin; `connect-src 'self'` covers the API and the realtime WebSocket.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  // With an AWS user pool the browser talks to the pool's endpoint directly (sign-in, refresh).
  const { identity } = app.config;
  const identityOrigin = identity.mode === 'aws' ? [new URL(identity.endpoint).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...identityOrigin],
        // The admin reads a mortgage statement (a PDF fetched with the token) in an object-URL frame.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The webinar banner opens another site in a new tab; it needs no window reference back.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
