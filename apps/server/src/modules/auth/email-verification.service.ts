import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { findInterfaceLanguage } from '../users/users.repository.ts';
import { issueVerificationToken } from './email-verification.repository.ts';
import { verificationMail } from './verification-mail.ts';

/**
 * Mails a link that confirms `user.email`. `thenReset`: the mail answers a password-reset request for an
 * address not confirmed yet, and the confirmed link goes on to choosing a new password.
 */
export async function mailVerificationLink(
  deps: AppDeps,
  user: { id: string; email: string },
  thenReset: boolean,
): Promise<void> {
  const token = await issueVerificationToken(
    deps.db,
    { userId: user.id, email: user.email, thenReset },
    deps.now(),
  );
  const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, deps.env.PUBLIC_URL).toString();
  const language = await findInterfaceLanguage(deps.db, user.id);
  await deps.mailer.send({
    to: user.email,
    ...verificationMail(link, language, thenReset ? 'confirmThenReset' : 'confirm'),
  });
}

/**
 * The welcome link after a sign-up. A mail server that is away does not undo the account: the learner
 * asks again from Settings.
 */
export async function mailWelcomeVerification(
  deps: AppDeps,
  log: FastifyBaseLogger,
  user: { id: string; email: string; emailVerifiedAt: Date | null },
): Promise<void> {
  if (user.emailVerifiedAt) return;
  await mailVerificationLink(deps, user, false).catch((error: unknown) =>
    log.warn({ err: error, userId: user.id }, 'verification e-mail not sent'),
  );
}
