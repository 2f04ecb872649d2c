import { textDirection } from '@parlo/core/i18n/interface-languages';
import type { ReminderMessage } from '@parlo/core/reminders/reminder-texts';
import { escapeHtml } from '../../lib/html.ts';
import type { OutgoingMail } from '../../lib/mailer.ts';

/**
 * The reminder by e-mail, for learners who chose it: the reminder, a button into Parlo and an unsubscribe
 * link to a page that asks first (scanners open links). Mail clients get RFC 8058 one-click headers: they
 * post `List-Unsubscribe=One-Click` to `oneClick`, which turns the mails off at once.
 */
export function reminderMail(
  message: ReminderMessage,
  links: { app: string; unsubscribe: string; oneClick: string },
): Omit<OutgoingMail, 'to'> {
  const { mail, language } = message;
  const html = [
    `<!doctype html><html lang="${language}" dir="${textDirection(language)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">`,
    `<p>${escapeHtml(message.body)}</p>`,
    `<p><a href="${escapeHtml(links.app)}" style="display:inline-block;padding:12px 20px;border-radius:10px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(mail.start)}</a></p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(mail.why)} <a href="${escapeHtml(links.unsubscribe)}" style="color:#6b7280">${escapeHtml(mail.unsubscribe)}</a></p>`,
    '</body></html>',
  ].join('');
  return {
    subject: message.body,
    text: `${message.body}\n\n${mail.start}: ${links.app}\n\n${mail.why}\n${mail.unsubscribe}: ${links.unsubscribe}\n`,
    html,
    language,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
