import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The web app is built by Vite into same-origin module scripts, so scripts are
 * limited to our own origin; `connect-src 'self'` covers the API and the realtime WebSocket.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  // With an AWS user pool the browser talks to the pool's endpoint directly (sign-in, refresh).
  const { identity } = app.config;
  const identityOrigin = identity.mode === 'aws' ? [new URL(identity.endpoint).origin] : [];
  const headers = staticHeaders({
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
  // The same headers on every answer (no nonces): set from one object, not rebuilt per request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet sets, worked out once: helmet's middleware only calls `setHeader` and
 * `removeHeader` with values that depend on its options, never on the request.
 */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
