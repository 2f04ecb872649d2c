import { randomBytes } from 'node:crypto';
import {
  changePassword as changePasswordCall,
  confirmEmailVerification,
  register,
} from '@parlo/contract/accounts';
import { errorResponseSchema, isErrorCode, type ErrorCode } from '@parlo/contract/errors';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { postgresListen } from '../src/db/listen.ts';
import type { AppDeps } from '../src/app-deps.ts';
import { loadEnv, type Env } from '../src/env.ts';
import type { Mailer, OutgoingMail } from '../src/lib/mailer.ts';
import { createMetrics, type Metrics } from '../src/lib/metrics.ts';
import { createPushSender, type PushSender } from '../src/lib/push.ts';
import webPush from 'web-push';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { injectCall } from './support/inject-call.ts';

/** Which database this vitest project runs the API suite on (set per project in vitest.config.ts). */
export const testDatabaseKind = process.env.PARLO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: Env;
  /** Mails the app sent, newest last (unless a real mailer was passed in). */
  mails: OutgoingMail[];
  clock: { now: Date; advance(ms: number): void };
  /** How long the app held requests (the sign-in slow-down), in order: noted, not waited. */
  sleeps: number[];
  /** The scratch PostgreSQL database's own URL (not the one the app was given); null on PGlite. */
  databaseUrl: string | null;
  /** The app's Web Push sender (an in-memory VAPID pair). */
  push: PushSender;
  /** The app's Prometheus series, when `env` sets METRICS_TOKEN (mails and pushes counted). */
  metrics: Metrics | null;
  /** PostgreSQL: what lets instances share the database (see AppDeps); absent on PGlite. */
  sharedDatabase?: AppDeps['sharedDatabase'];
  close(): Promise<void>;
}

/** The environment every in-process test app runs with, `overrides` last. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  // Load shedding is off unless a test is about it: a busy test machine is not an overloaded server.
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '10000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // The suite's push service listens on 127.0.0.1 over http; push-endpoints.test.ts turns this off.
    PUSH_ENDPOINTS_ANY_ADDRESS: 'true',
    ...overrides,
  });
}

/**
 * One empty, migrated PGlite database per test process (the files of a worker share one), which each test
 * app's database starts as a copy of: creating and migrating one took most of a file's set-up.
 */
let migratedCopy: Promise<Blob> | undefined;
function migratedEmbeddedDatabase(): Promise<Blob> {
  migratedCopy ??= openDatabase({ kind: 'pglite', directory: null }).then(async (database) => {
    try {
      return await database.copy!();
    } finally {
      await database.close();
    }
  });
  return migratedCopy;
}

/**
 * Builds the app once per test file on a fresh database: an in-memory PGlite, or a new PostgreSQL
 * database created from TEST_DATABASE_URL and dropped again by `close()`.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    serveWebApp?: boolean;
    /** PostgreSQL only: reach the scratch database through another address (a proxy a test can cut). */
    connectVia?: (url: string) => string;
  } = {},
): Promise<TestApp> {
  const env = testEnv(options.env);
  const scratch = testDatabaseKind === 'postgres' ? await createScratchDatabase() : null;
  const database = await openDatabase(
    scratch
      ? { kind: 'postgres', url: options.connectVia?.(scratch.url) ?? scratch.url }
      : { kind: 'pglite', directory: null, copyOf: await migratedEmbeddedDatabase() },
    () => {},
  );
  const metrics = env.METRICS_TOKEN ? createMetrics({ databaseActivity: database.activity }) : null;
  const mails: OutgoingMail[] = [];
  const plainMailer: Mailer = options.mailer ?? { send: async (mail) => void mails.push(mail) };
  const mailer = metrics ? metrics.countingMailer(plainMailer) : plainMailer;
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const sleeps: number[] = [];
  const pushSender = testPushSender(env.PUSH_ENDPOINTS_ANY_ADDRESS);
  const push = metrics ? metrics.countingPush(pushSender) : pushSender;
  const sharedDatabase = scratch ? { listen: postgresListen(scratch.url) } : undefined;
  const app = await buildApp(
    {
      env,
      db: database.db,
      mailer,
      now: () => clock.now,
      sleep: async (ms) => void sleeps.push(ms),
      push,
      metrics,
      sharedDatabase,
    },
    { serveWebApp: options.serveWebApp ?? false },
  );
  await app.ready();
  return {
    app,
    database,
    env,
    mails,
    clock,
    sleeps,
    databaseUrl: scratch?.url ?? null,
    push,
    metrics,
    sharedDatabase,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** A test app with the test course seeded: the set-up most course and lesson tests share. */
export async function createCourseApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; course: SeededCourse }> {
  const t = await createTestApp(options);
  const course = await seedTestCourse(t.database.db);
  return { t, course };
}

/** A test app with the test course seeded and one learner signed in. */
export async function createCourseAppWithLearner(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; course: SeededCourse; learner: SignedIn }> {
  const { t, course } = await createCourseApp(options);
  const learner = await registerLearner(t.app);
  return { t, course, learner };
}

/**
 * A second app instance on the same database and test clock, as another server behind the load balancer
 * would be. The caller closes it.
 */
export async function secondInstance(of: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({
    env: of.env,
    db: of.database.db,
    mailer: { send: async () => {} },
    now: () => of.clock.now,
    push: of.push,
    sharedDatabase: of.sharedDatabase,
  });
  await app.ready();
  return app;
}

/**
 * A GET through `inject` on the app `app()` names; a function, because a file's app is built in its
 * `beforeAll`, after this is declared.
 */
export function injectGet(app: () => FastifyInstance) {
  return (url: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers });
}

/** The status codes of the same request sent `times` times in a row (for rate limits). */
export async function statusesOf(
  app: FastifyInstance,
  times: number,
  request: InjectOptions,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < times; sent += 1) statuses.push((await app.inject(request)).statusCode);
  return statuses;
}

/** A push sender with a fresh VAPID pair, kept in memory (tests never write keys to DATA_DIR). */
export function testPushSender(anyAddress = true): PushSender {
  const keys = webPush.generateVAPIDKeys();
  return createPushSender({ ...keys, subject: 'mailto:tests@parlo.local' }, { anyAddress });
}

export async function createScratchDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const name = `parlo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

let userCounter = 0;

/** A valid registration body with a unique e-mail. */
export function newLearner(overrides: Record<string, unknown> = {}) {
  userCounter += 1;
  return {
    name: `Learner ${userCounter}`,
    age: 30,
    email: `learner${userCounter}.${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse',
    ...overrides,
  };
}

export interface SignedIn {
  token: string;
  userId: string;
  email: string;
  password: string;
  headers: { authorization: string };
}

export async function registerLearner(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<SignedIn> {
  const body = newLearner(overrides);
  // `rawBody`: the overrides may be anything a test sends.
  const response = await injectCall(app, register, { rawBody: body });
  if (response.statusCode !== 200)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const { accessToken, user } = response.data;
  return {
    token: accessToken,
    userId: user.id,
    email: body.email,
    password: body.password,
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

/** The token of the e-mail confirmation link in a mail's text, or null. */
export function verifyLinkToken(mailText: string): string | null {
  return /\/verify-email\?token=([\w-]+)/.exec(mailText)?.[1] ?? null;
}

/**
 * Confirms a learner's address the way they would: the link of the newest confirmation mail to them
 * (from the test app's own mail list), opened once.
 */
export async function confirmEmail(t: TestApp, learner: { email: string }): Promise<void> {
  const mail = t.mails.findLast((m) => m.to === learner.email && verifyLinkToken(m.text));
  const token = mail && verifyLinkToken(mail.text);
  if (!token) throw new Error(`no confirmation mail to ${learner.email}`);
  const response = await injectCall(t.app, confirmEmailVerification, { body: { token } });
  if (response.statusCode !== 200) throw new Error(`confirm failed: ${response.statusCode} ${response.body}`);
}

/** POST /api/users/change-password as the signed-in learner, from their own password. */
export function changePassword(app: FastifyInstance, learner: SignedIn, newPassword: string) {
  return injectCall(app, changePasswordCall, {
    headers: learner.headers,
    body: { oldPassword: learner.password, newPassword },
  });
}

/**
 * The code of an error answer, read by the contract's error shape; undefined when the body is no error. A
 * code the contract does not declare fails the test: the web app would have no text for it.
 */
export function errorCode(response: LightMyRequestResponse): ErrorCode | undefined {
  const answer = errorResponseSchema.safeParse(response.json());
  if (!answer.success) return undefined;
  const { code } = answer.data.error;
  if (!isErrorCode(code))
    throw new Error(`the API answered with a code the contract does not declare: ${code}`);
  return code;
}
