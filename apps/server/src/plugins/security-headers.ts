import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Security headers as helmet sets them: lower-case names, in helmet's order. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/** Parlo's helmet options: its own origin only, plus Stripe's scripts, frames and API when billing is on. */
export function securityPolicy({ stripe }: { stripe: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        // Stripe.js (issue 11) comes from Stripe and shows its card field and 3-D Secure in frames.
        ...(stripe
          ? {
              scriptSrc: ["'self'", 'https://js.stripe.com'],
              frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
            }
          : {}),
        upgradeInsecureRequests: null,
      },
    },
  };
}

/**
 * The headers helmet's middleware sets, worked out once by running it against a recorder. With a policy of
 * fixed directives (no per-request function such as a nonce) helmet sets the same headers on every
 * response, so running its eleven middlewares per request (and its `setHeader` calls, which also sent
 * Node's `writeHead` down its slow path of re-setting every other header) was pure cost: about 5 % of the
 * CPU of a small answer (ADR 041). A directive given as a function would differ per request: refused here.
 */
export function helmetHeaders(options: HelmetOptions): SecurityHeaders {
  const directives = options.contentSecurityPolicy
    ? Object.values(
        (options.contentSecurityPolicy === true ? {} : options.contentSecurityPolicy).directives ?? {},
      )
    : [];
  if (directives.some((value) => typeof value === 'function' || hasFunction(value))) {
    throw new Error('a Content-Security-Policy directive computed per request cannot be worked out once');
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middleware runs synchronously; if a version ever did not, the headers would be incomplete.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}

function hasFunction(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Symbol.iterator in value &&
    [...(value as Iterable<unknown>)].some((item) => typeof item === 'function')
  );
}

/**
 * Every response carries the security headers, set on the reply in one go when the request arrives (where
 * helmet's middleware set them before), so a hook, a refusal or an error answer later still carries them.
 * helmet also removes `X-Powered-By`, which nothing here sets.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
