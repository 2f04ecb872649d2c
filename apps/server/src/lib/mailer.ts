import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** BCP 47 tag of the text, sent as Content-Language so mail clients pick fonts and direction. */
  language?: string;
  /** More headers (List-Unsubscribe on reminder mails). */
  headers?: Record<string, string>;
}

function toNodemailer(from: string, { language, headers, ...mail }: OutgoingMail) {
  const all = { ...(language ? { 'Content-Language': language } : {}), ...headers };
  return { from, ...mail, headers: Object.keys(all).length > 0 ? all : undefined };
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/outbox/*.eml so that the
 * password-reset flow works on a fresh machine with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const smtpUrl = options.smtpUrl;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail(toNodemailer(options.from, mail));
      },
    };
  }
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(toNodemailer(options.from, mail));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
  };
}

/**
 * nodemailer is imported with the first mail, not at start (ADR 020): most processes send none for hours,
 * and its modules stayed resident in every server. The transport is created once and reused.
 */
function lazyTransport(create: (nodemailer: typeof Nodemailer) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | null = null;
  return () =>
    (transport ??= import('nodemailer').then(
      (module) => create(module.default),
      (error: unknown) => {
        transport = null;
        throw error;
      },
    ));
}
