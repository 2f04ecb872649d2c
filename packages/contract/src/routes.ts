/**
 * The method and path of the calls a first visit sends before it has loaded any schema (ADR 028): no zod
 * here, so the web app can send the request at once and load the call's schemas only when an answer must be
 * parsed. The call itself (with its schemas) stays in its own contract file and spreads its route from here,
 * so the path is still written once.
 */
export interface CallRoute {
  method: 'GET' | 'POST' | 'PUT';
  path: `/${string}`;
}

/** GET /api/auth/social/:network/start (social.ts `startSocialSignIn`): a link on /login, never fetched. */
export const startSocialSignInRoute = {
  method: 'GET',
  path: '/api/auth/social/:network/start',
} as const satisfies CallRoute;

/** GET /api/users/me (accounts.ts `me`): a guest's answer is a 401 that needs no parsing. */
export const meRoute = { method: 'GET', path: '/api/users/me' } as const satisfies CallRoute;

/**
 * GET /api/users/session (accounts.ts `session`): who is signed in, asked by every page the web app opens.
 * A guest's answer is 200 `{"user":null}`, not an error (issue 29), and is read without the schema.
 */
export const sessionRoute = { method: 'GET', path: '/api/users/session' } as const satisfies CallRoute;

/**
 * GET /api/learning/dashboard (dashboard.ts `dashboard`): sent by the dashboard route's loader beside the
 * screen's code (ADR 050); its schemas download while the request is on its way.
 */
export const dashboardRoute = { method: 'GET', path: '/api/learning/dashboard' } as const satisfies CallRoute;
