import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

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
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(toNodemailer(options.from, mail));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(toNodemailer(options.from, mail));
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
