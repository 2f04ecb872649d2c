import {
  changePassword,
  confirmEmailVerification,
  confirmPasswordReset,
  login,
  logout,
  register,
  requestPasswordReset,
  sendEmailVerification,
} from '@parlo/contract/accounts';
import { isErrorCode } from '@parlo/contract/errors';
import { normaliseEmail, passwordChangeError, passwordSchema } from '@parlo/core/validation/user-validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { clearSessionCookie, currentUserId } from '../../plugins/sessions.ts';
import {
  createUser,
  findInterfaceLanguage,
  findUserByEmail,
  findUserById,
  updateUser,
} from '../users/users.repository.ts';
import { consumeVerificationToken, markEmailVerified } from './email-verification.repository.ts';
import { mailVerificationLink, mailWelcomeVerification } from './email-verification.service.ts';
import { loginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import {
  consumeResetToken,
  findUsableResetToken,
  issueResetToken,
  voidResetLinks,
} from './password-reset.repository.ts';
import { resetMail } from './reset-mail.ts';
import type { InstanceSessions } from './session.service.ts';
import { signedIn } from './signed-in.ts';

/** Sign-up, sign-in, sign-out, password reset and change (SPEC §7 users/*). */
export function authRoutes(deps: AppDeps, sessions: InstanceSessions): FastifyPluginAsyncZod {
  return async (app) => {
    const perAddress = (groupId: string) => ({
      rateLimit: { groupId, max: deps.env.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
    });
    const throttle = loginThrottle(deps.db, deps.sleep);
    // Limits on reset mails per account stop anyone from flooding one inbox.
    const perAccount = (groupId: string, max: number) => {
      const limiter = app.createRateLimit({
        max,
        timeWindow: '15 minutes',
        keyGenerator: (request: FastifyRequest) =>
          `${groupId}:${normaliseEmail(String((request.body as { email?: unknown } | undefined)?.email ?? ''))}`,
      });
      return async (request: FastifyRequest) => {
        const limit = await limiter(request);
        if (!limit.isAllowed && limit.isExceeded) throw errors.tooManyRequests(limit.ttlInSeconds);
      };
    };

    // Every field, the interface language included, is checked by the contract before anything is written.
    route(
      app,
      register,
      async (request, reply) => {
        const { name, age, email, password, uiLanguage, timeZone } = request.body;
        if (await findUserByEmail(deps.db, email)) throw emailTaken();
        const user = await createUser(
          deps.db,
          { name, age, email, passwordHash: await hashPassword(password), uiLanguage, timeZone },
          deps.now(),
        );
        if (!user) throw emailTaken();
        await mailWelcomeVerification(deps, request.log, user);
        return signedIn(deps, request, reply, user.id);
      },
      { config: perAddress('register') },
    );

    route(
      app,
      login,
      async (request, reply) => {
        const email = normaliseEmail(request.body.email);
        await throttle.beforeAttempt(email, request.ip);
        const user = await findUserByEmail(deps.db, email);
        const passwordMatches = await verifyPassword(user?.passwordHash, request.body.password);
        if (!user || !passwordMatches) {
          await throttle.failed(email, request.ip);
          throw new AppError(401, 'INVALID_CREDENTIALS', 'No user found with this email and password.');
        }
        await throttle.succeeded(email, request.ip);
        return signedIn(deps, request, reply, user.id);
      },
      { config: perAddress('login') },
    );

    route(app, logout, async (request, reply) => {
      if (request.auth) await sessions.revoke(request.auth.sessionId);
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    });

    route(
      app,
      requestPasswordReset,
      async (request, reply) => {
        const user = await findUserByEmail(deps.db, normaliseEmail(request.body.email));
        // SPEC §8: any answer but 204 means 'User not found'.
        if (!user) throw new AppError(404, 'USER_NOT_FOUND', 'User not found');
        // An address nobody has confirmed gets no reset mail, only a link that confirms it first and then
        // leads to the new password; the answer is the same 204 either way.
        if (!user.emailVerifiedAt) {
          await mailVerificationLink(deps, user, true);
          request.log.info({ userId: user.id }, 'verification link sent instead of a reset link');
          return reply.code(204).send(null);
        }
        const token = await issueResetToken(deps.db, user.id, deps.now());
        const link = new URL(
          `/reset-password?token=${encodeURIComponent(token)}`,
          deps.env.PUBLIC_URL,
        ).toString();
        const language = await findInterfaceLanguage(deps.db, user.id);
        await deps.mailer.send({ to: user.email, ...resetMail(link, user.name, language) });
        request.log.info({ userId: user.id }, 'password reset link sent');
        return reply.code(204).send(null);
      },
      { config: perAddress('reset'), preHandler: perAccount('reset-account', 5) },
    );

    route(
      app,
      confirmPasswordReset,
      async (request, reply) => {
        const password = passwordSchema.safeParse(request.body.password);
        if (!password.success) {
          const code = password.error.issues[0]?.message ?? '';
          throw errors.validation(isErrorCode(code) ? code : 'error-password-not-set');
        }
        const now = deps.now();
        // The link is checked before any hashing: a guessed token costs one indexed read, not argon2.
        if (!(await findUsableResetToken(deps.db, request.body.token, now))) throw resetLinkInvalid();
        const passwordHash = await hashPassword(password.data);
        // Using the link is the check that counts: of two concurrent uses only one succeeds.
        const userId = await consumeResetToken(deps.db, request.body.token, now);
        if (!userId) throw resetLinkInvalid();
        await updateUser(deps.db, userId, { passwordHash }, now);
        await sessions.revokeOthers(userId, null);
        await voidResetLinks(deps.db, userId, now);
        return reply.code(204).send(null);
      },
      { config: perAddress('reset-confirm') },
    );

    // The 'send again' button: a few mails per account, so nobody can flood an inbox from a session.
    const resendLimit = app.createRateLimit({
      max: RESEND_PER_15_MINUTES,
      timeWindow: '15 minutes',
      keyGenerator: (request: FastifyRequest) => `verify-send:${request.auth?.userId ?? request.ip}`,
    });
    route(app, sendEmailVerification, async (request, reply) => {
      const user = await findUserById(deps.db, currentUserId(request));
      if (!user) throw errors.unauthorized();
      if (user.emailVerifiedAt) {
        throw new AppError(409, 'EMAIL_ALREADY_VERIFIED', 'This e-mail address is already confirmed.');
      }
      const limit = await resendLimit(request);
      if (!limit.isAllowed && limit.isExceeded) throw errors.tooManyRequests(limit.ttlInSeconds);
      await mailVerificationLink(deps, user, false);
      return reply.code(204).send(null);
    });

    route(
      app,
      confirmEmailVerification,
      async (request) => {
        const now = deps.now();
        const link = await consumeVerificationToken(deps.db, request.body.token, now);
        if (!link || !(await markEmailVerified(deps.db, link.userId, link.email, now))) {
          throw new AppError(
            400,
            'VERIFY_LINK_INVALID',
            'This link has expired or was already used. Ask for a new one.',
          );
        }
        request.log.info({ userId: link.userId }, 'e-mail address confirmed');
        return { resetToken: link.thenReset ? await issueResetToken(deps.db, link.userId, now) : null };
      },
      { config: perAddress('verify-confirm') },
    );

    route(app, changePassword, async (request, reply) => {
      // The one password rule of core, as typed: never trimmed, like sign-up, sign-in and reset.
      const problem = passwordChangeError(request.body);
      if (problem) throw errors.validation(problem);
      const newPassword = request.body.newPassword ?? '';
      if (newPassword === '') throw errors.validation('new-password-len');
      const userId = currentUserId(request);
      const user = await findUserById(deps.db, userId);
      if (!user) throw errors.unauthorized();
      // The old password is guessed like a sign-in's (a session left open, a stolen cookie): the same
      // limits, counted together with the account's failed sign-ins.
      const account = normaliseEmail(user.email);
      await throttle.beforeAttempt(account, request.ip);
      if (!(await verifyPassword(user.passwordHash, request.body.oldPassword ?? ''))) {
        await throttle.failed(account, request.ip);
        throw new AppError(400, 'old-password-wrong', 'Current password is wrong');
      }
      await throttle.succeeded(account, request.ip);
      const now = deps.now();
      await updateUser(deps.db, userId, { passwordHash: await hashPassword(newPassword) }, now);
      await sessions.revokeOthers(userId, request.auth?.sessionId ?? null);
      await voidResetLinks(deps.db, userId, now);
      return reply.code(204).send(null);
    });
  };
}

/** 'Send again' mails per account in 15 minutes. */
export const RESEND_PER_15_MINUTES = 3;

function resetLinkInvalid() {
  return new AppError(
    400,
    'RESET_LINK_INVALID',
    'This link has expired or was already used. Ask for a new one.',
  );
}

function emailTaken() {
  return new AppError(409, 'EMAIL_ALREADY_EXISTS', 'User with this email already exists');
}
