import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import path from 'node:path';
import { defaultDistDir } from '@parlo/content/paths';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { sharedDatabaseProbe } from './db/client.ts';
import { adImageRoutes, adsRoutes } from './modules/ads/ads.routes.ts';
import { adsService } from './modules/ads/ads.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { instanceSessions } from './modules/auth/session.service.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { catalogueCache } from './modules/catalogue/catalogue.cache.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { lessonExercisesCache } from './modules/catalogue/lesson-exercises.cache.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { recentProbe } from './modules/health/recent-probe.ts';
import { learningRoutes } from './modules/learning/learning.routes.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { mediaService } from './modules/media/media.service.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { avatarRoutes } from './modules/users/avatar.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { registerCrossSiteProtection } from './plugins/cross-site.ts';
import { frameworkErrors, isDatabaseFault, registerErrorHandling } from './plugins/errors.ts';
import { openApiRoute, registerOpenApi } from './plugins/openapi.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { DEFAULT_BODY_LIMIT, registerJsonBodies } from './plugins/json-body.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { isPublicAnswer } from './plugins/public-answer.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { responseSerialiserCompiler } from './plugins/response-serialiser.ts';
import { helmetHeaders, registerSecurityHeaders, securityPolicy } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/sessions.ts';
import { registerWebApp } from './plugins/web-app.ts';

/** The secret-access key and reset tokens travel in query strings; they never reach the logs. */
export function withoutSecrets(url: string): string {
  return url.replace(/([?&](?:secret|token)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * How long one client may hold a connection. A request (headers and body) must arrive within 30 s and its
 * headers within 10 s, so a slow sender cannot pin sockets; an idle keep-alive socket closes after 5 s;
 * a socket with no traffic at all closes after 60 s. The slowest legitimate request (a 1 MB avatar on a
 * poor phone link) fits in the request limit.
 */
export const serverTimeouts = {
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  keepAliveTimeout: 5_000,
  connectionTimeout: 60_000,
} as const;

/**
 * One log line per request, written when it is answered (method, URL, address, status, time), instead of
 * one on arrival and one on answer: logging was a tenth of the CPU of a small answer. Errors log as before.
 * A public answer served (health, the catalogue; ADR 025) writes none: balancers and every visitor ask for
 * them all the time, and the line cost more than the answer. Their refusals and failures are still logged.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else if (reply.statusCode >= 400 || !isPublicAnswer(request.routeOptions)) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

export interface BuildOptions {
  /** Serve the built web app too (production and e2e); API tests leave it off. */
  serveWebApp?: boolean;
  /** The content build output serving audio and pictures (defaults to content/dist). */
  contentDistDir?: string;
  /** Where log lines go (default: standard output); tests read them here. */
  logStream?: { write(line: string): void };
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.env.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: {
        req: (request) => ({
          method: request.method,
          url: withoutSecrets(request.url),
          remoteAddress: request.ip,
        }),
      },
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-access-token"]',
        'res.headers["set-cookie"]',
      ],
    },
    logController: new OneLinePerRequest(),
    trustProxy: deps.env.TRUST_PROXY,
    // Calls of the contract take the body size each needs (plugins/route.ts); anything else a few KB.
    bodyLimit: DEFAULT_BODY_LIMIT,
    frameworkErrors,
    requestTimeout: serverTimeouts.requestTimeout,
    keepAliveTimeout: serverTimeouts.keepAliveTimeout,
    connectionTimeout: serverTimeouts.connectionTimeout,
    http: { headersTimeout: serverTimeouts.headersTimeout },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // ADR 021: production writes answers with stringifiers compiled from the contract; tests and development
  // also parse each answer with the contract and check both give the same JSON.
  app.setSerializerCompiler(
    responseSerialiserCompiler(deps.env.NODE_ENV === 'production' ? 'compiled' : 'checked'),
  );
  registerErrorHandling(app);
  registerMetrics(app, deps.metrics ?? null, deps.env.METRICS_TOKEN);
  registerJsonBodies(app);
  // First of the request hooks: a request refused for overload costs no rate-limit or session read.
  await registerLoadShedding(app, { maxEventLoopDelayMs: deps.env.MAX_EVENT_LOOP_DELAY_MS });
  // Health checks reuse a recent "up"; any request that finds the database away makes the next one probe.
  const databaseUp = recentProbe(sharedDatabaseProbe(deps.db));
  app.addHook('onError', async (request, _reply, error) => {
    if (isDatabaseFault(request, error)) databaseUp.databaseAway();
  });

  // The catalogue is most of a first visit: 910 KB of JSON, 157 KB gzipped in ~36 ms. Brotli saved another
  // 40 KB but cost ~230 ms of CPU per request, so only gzip is offered.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
  const stripe = Boolean(deps.env.STRIPE_SECRET_KEY);
  // Security headers from helmet, worked out once (ADR 041): @fastify/helmet built its middleware again on
  // every request (parsing the policy each time), and running the built middleware per request still cost
  // about 5 % of a small answer's CPU.
  registerSecurityHeaders(app, helmetHeaders(securityPolicy({ stripe })));
  const rateLimitStore = databaseRateLimitStore(deps.db, { shareGeneralLimit: Boolean(deps.sharedDatabase) });
  app.addHook('onClose', () => rateLimitStore.close());
  await app.register(rateLimit, {
    global: true,
    max: deps.env.RATE_LIMIT,
    timeWindow: '1 minute',
    store: rateLimitStore.Store,
    // A count the database cannot take (PostgreSQL away) lets the request through to meet the outage
    // itself: answers that need no database (the catalogue, cached) keep being served.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'TOO_MANY_REQUESTS',
      message: `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
  // One per instance: the sessions it read lately, forgotten at once when any instance ends one (ADR 002).
  const sessions = instanceSessions(deps.db, deps.now);
  if (deps.sharedDatabase) await sessions.listenAcrossInstances(deps.sharedDatabase.listen);
  app.addHook('onClose', () => sessions.close());
  await registerSessions(app, sessions);
  registerCrossSiteProtection(app, deps.env.PUBLIC_URL);
  await registerOpenApi(app);
  const media = mediaService(
    deps.db,
    {
      distDir: options.contentDistDir ?? defaultDistDir,
      runtimeAudioDir: path.join(deps.env.DATA_DIR, 'audio'),
    },
    { log: app.log },
  );
  app.addHook('onClose', () => media.close());
  // Issue 31: every recording is made ahead after start, the early lessons' first (not in tests, which
  // would all be rendering the fixture at once: the media tests start it themselves).
  if (deps.env.AUDIO_AHEAD ?? deps.env.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      const started = performance.now();
      media
        .makeAhead()
        .then((stats) =>
          app.log.info({ ...stats, ms: Math.round(performance.now() - started) }, 'recordings made ahead'),
        )
        .catch((error: unknown) => app.log.warn({ err: error }, 'making recordings ahead stopped'));
    });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes(databaseUp, () => app.isUnderPressure()));
      await api.register(authRoutes(deps, sessions));
      await api.register(usersRoutes(deps));
      await api.register(avatarRoutes(deps));
      await api.register(settingsRoutes(deps));
      const catalogue = catalogueCache(deps.db, deps.now);
      await api.register(
        catalogueRoutes(
          deps,
          catalogue,
          lessonExercisesCache(deps.db, deps.now, catalogue.revisions),
          media.prepareLesson,
        ),
      );
      await api.register(learningRoutes(deps, catalogue));
      await api.register(reviewRoutes(deps));
      await api.register(feedbackRoutes(deps));
      await api.register(leaderboardRoutes(deps));
      await api.register(billingRoutes(deps));
      await api.register(socialRoutes(deps));
      await api.register(notificationsRoutes(deps));
      await api.register(remindersRoutes(deps));
      await api.register(adsRoutes(adsService(deps.db, deps.now)));
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes(media));
  await app.register(adImageRoutes());
  openApiRoute(app);
  if (options.serveWebApp) {
    await registerWebApp(app, {
      distDir: deps.env.WEB_DIST_DIR,
      appsListed: Boolean(deps.env.APP_STORE_URL ?? deps.env.PLAY_STORE_URL),
    });
  }
  return app;
}
