import path from 'node:path';
import { z } from 'zod';

/** The one place that reads process.env; everything else receives a validated `Env`. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** A PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.url().optional(),
  /** Holds the PGlite database, uploads, the mail outbox and caches. */
  DATA_DIR: z.string().default('./data'),
  /** Where users reach the app; used in links sent by e-mail. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** smtp://user:pass@host:port or smtps://…; when unset, mails are written to DATA_DIR/outbox. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Parlo <no-reply@parlo.local>'),
  /** Grants single-exercise preview and skips the free-lesson limit (SPEC §4); never logged. */
  SECRET_ACCESS_KEY: z.string().min(16).optional(),
  /**
   * Bearer token a Prometheus scraper sends to `GET /metrics` (issue 30 item 16); unset: no metrics are
   * kept and /metrics answers 404.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set behind a reverse proxy so rate limits see the client's address. */
  TRUST_PROXY: z.stringbool().default(false),
  /** Requests per minute per address before rate limiting answers 429 on sign-in, sign-up and reset. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Requests per minute per address before any other route answers 429. */
  RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /**
   * Load shedding: when the event loop is late by more than this on average over a second, requests are
   * answered 503 OVERLOADED with Retry-After at once (issue 30). 0 turns it off.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * Whether this instance runs scheduled jobs (the 00:00 London leaderboard). Safe on every instance:
   * the database lets each job run once. Off for tests that need a board that does not turn over.
   */
  SCHEDULED_JOBS: z.stringbool().default(true),
  /** How often each instance checks for due jobs on PGlite (ms); shorter only for end-to-end tests. */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /**
   * Make every missing phrase recording in the background after start, early lessons first (issue 31).
   * Default: on, except in tests (NODE_ENV=test).
   */
  AUDIO_AHEAD: z.stringbool().optional(),
  /** The app's store listings, linked from the landing page; a badge without its address is not shown. */
  APP_STORE_URL: z.url().optional(),
  PLAY_STORE_URL: z.url().optional(),
  /**
   * Payments (issue 11, README "Payments"): with STRIPE_SECRET_KEY set, Stripe takes the money; without it
   * Parlo's sandbox provider accepts test cards, except in production (issue 29): there the sandbox runs
   * only with PAYMENTS=sandbox, and otherwise nothing can be bought. The price ids are the plans' in Stripe.
   */
  PAYMENTS: z.enum(['sandbox']).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_PRICE_1_MONTH: z.string().optional(),
  STRIPE_PRICE_3_MONTH: z.string().optional(),
  STRIPE_PRICE_1_YEAR: z.string().optional(),
  /** Another Stripe API address (a local Stripe-compatible server in tests). */
  STRIPE_API_BASE: z.url().optional(),
  /** Signs the sandbox's webhook events; a random one per process when unset. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Folder holding the built web app; served when it exists (defaults to apps/web/dist). */
  WEB_DIST_DIR: z.string().optional(),
  /** Folder holding the built courses (`npm run content:build`); imported at start (defaults to content/dist). */
  CONTENT_DIST_DIR: z.string().optional(),
  /**
   * Social sign-in (issue 12): a provider is offered only when its keys are set. The base addresses are
   * the providers' real ones; tests and staging point them at a local OAuth server.
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_DIALOG_URL: z.url().default('https://www.facebook.com/v21.0'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** VK ID's code exchange is PKCE with device_id and takes no client secret. */
  VK_CLIENT_ID: z.string().optional(),
  VK_ID_URL: z.url().default('https://id.vk.com'),
  /** Web Push (issue 13): VAPID keys; when unset one pair is made and kept in the database (issue 30). */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:no-reply@parlo.local'),
  /**
   * Tests only: take push endpoints over http and on any address (a local push service). Otherwise only
   * https endpoints on public addresses are taken and posted to (issue 30).
   */
  PUSH_ENDPOINTS_ANY_ADDRESS: z.stringbool().default(false),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Who takes the money (issue 29): Stripe when keyed; Parlo's sandbox in development and tests, and in
 * production only when the operator opts in with PAYMENTS=sandbox (anyone could become Premium with a
 * test card); otherwise none, and subscriptions cannot be bought.
 */
export function paymentProvider(env: Env): 'stripe' | 'sandbox' | null {
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  if (env.NODE_ENV !== 'production' || env.PAYMENTS === 'sandbox') return 'sandbox';
  return null;
}

/** What the server warns about at start when production takes no real money (issue 29); null when it does. */
export function paymentsWarning(env: Env): string | null {
  if (env.NODE_ENV !== 'production') return null;
  switch (paymentProvider(env)) {
    case 'sandbox':
      return 'PAYMENTS=sandbox: test cards buy Premium and no real money moves; never on a public server';
    case null:
      return 'no payment provider (STRIPE_SECRET_KEY unset): subscriptions cannot be bought';
    default:
      return null;
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
