import {
  defaultInterfaceLanguage,
  isInterfaceLanguage,
  textDirection,
  type InterfaceLanguage,
} from '@parlo/core/i18n/interface-languages';
import { escapeHtml } from '../../lib/html.ts';
import type { OutgoingMail } from '../../lib/mailer.ts';

interface ResetMailTexts {
  subject: string;
  greeting: (name: string) => string;
  asked: string;
  openWithinHour: string;
  button: string;
  onceOnly: string;
}

/**
 * The password-reset mail in each interface language. It is the only mail Parlo sends so far, so its
 * texts live here rather than in a server-side i18n system; the learner's saved interface language
 * picks one, English when it is unknown.
 */
const texts: Record<InterfaceLanguage, ResetMailTexts> = {
  en: {
    subject: 'Reset your Parlo password',
    greeting: (name) => `Hello ${name},`,
    asked: 'Someone (hopefully you) asked to reset your Parlo password.',
    openWithinHour: 'Open this link within one hour to choose a new one:',
    button: 'Choose a new password',
    onceOnly:
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.',
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور في Parlo',
    greeting: (name) => `مرحبًا ${name}،`,
    asked: 'طلب أحدهم (نأمل أن تكون أنت) إعادة تعيين كلمة المرور الخاصة بك في Parlo.',
    openWithinHour: 'افتح هذا الرابط خلال ساعة واحدة لاختيار كلمة مرور جديدة:',
    button: 'اختر كلمة مرور جديدة',
    onceOnly: 'يعمل الرابط مرة واحدة فقط. إذا لم تطلبه، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.',
  },
  de: {
    subject: 'Setze dein Parlo-Passwort zurück',
    greeting: (name) => `Hallo ${name},`,
    asked: 'Jemand (hoffentlich du) hat darum gebeten, dein Parlo-Passwort zurückzusetzen.',
    openWithinHour: 'Öffne diesen Link innerhalb einer Stunde, um ein neues zu wählen:',
    button: 'Neues Passwort wählen',
    onceOnly:
      'Der Link funktioniert nur einmal. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
  },
  es: {
    subject: 'Restablece tu contraseña de Parlo',
    greeting: (name) => `Hola, ${name}:`,
    asked: 'Alguien (esperamos que tú) ha pedido restablecer tu contraseña de Parlo.',
    openWithinHour: 'Abre este enlace en el plazo de una hora para elegir una nueva:',
    button: 'Elegir una contraseña nueva',
    onceOnly:
      'El enlace solo funciona una vez. Si no lo has pedido, ignora este correo: tu contraseña seguirá siendo la misma.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Parlo',
    greeting: (name) => `Bonjour ${name},`,
    asked: 'Quelqu’un (vous, nous l’espérons) a demandé la réinitialisation de votre mot de passe Parlo.',
    openWithinHour: 'Ouvrez ce lien dans l’heure pour en choisir un nouveau :',
    button: 'Choisir un nouveau mot de passe',
    onceOnly:
      'Le lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  it: {
    subject: 'Reimposta la tua password di Parlo',
    greeting: (name) => `Ciao ${name},`,
    asked: 'Qualcuno (speriamo tu) ha chiesto di reimpostare la tua password di Parlo.',
    openWithinHour: 'Apri questo link entro un’ora per sceglierne una nuova:',
    button: 'Scegli una nuova password',
    onceOnly:
      'Il link funziona una sola volta. Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta la stessa.',
  },
  pt: {
    subject: 'Redefina a sua senha do Parlo',
    greeting: (name) => `Olá, ${name},`,
    asked: 'Alguém (esperamos que tenha sido você) pediu para redefinir a sua senha do Parlo.',
    openWithinHour: 'Abra este link dentro de uma hora para escolher uma nova:',
    button: 'Escolher uma nova senha',
    onceOnly:
      'O link funciona uma única vez. Se não foi você que pediu, ignore este e-mail: a sua senha continua a mesma.',
  },
  ru: {
    subject: 'Сброс пароля Parlo',
    greeting: (name) => `Здравствуйте, ${name}!`,
    asked: 'Кто-то (надеемся, что вы) попросил сбросить ваш пароль в Parlo.',
    openWithinHour: 'Откройте эту ссылку в течение часа, чтобы выбрать новый пароль:',
    button: 'Выбрать новый пароль',
    onceOnly:
      'Ссылка срабатывает только один раз. Если вы ничего не запрашивали, просто проигнорируйте это письмо: пароль останется прежним.',
  },
  zh: {
    subject: '重置你的 Parlo 密码',
    greeting: (name) => `${name}，你好：`,
    asked: '有人（希望是你本人）请求重置你的 Parlo 密码。',
    openWithinHour: '请在一小时内打开此链接来设置新密码：',
    button: '设置新密码',
    onceOnly: '此链接只能使用一次。如果这不是你的请求，请忽略这封邮件：你的密码不会改变。',
  },
  tr: {
    subject: 'Parlo şifreni sıfırla',
    greeting: (name) => `Merhaba ${name},`,
    asked: 'Birisi (umarız sensin) Parlo şifreni sıfırlamak istedi.',
    openWithinHour: 'Yeni bir şifre seçmek için bu bağlantıyı bir saat içinde aç:',
    button: 'Yeni şifre seç',
    onceOnly:
      'Bağlantı yalnızca bir kez çalışır. Bunu sen istemediysen bu e-postayı dikkate alma: şifren aynı kalır.',
  },
};

/** The reset mail for `name`, in `language` (a saved interface language; English if unknown). */
export function resetMail(link: string, name: string, language: string): Omit<OutgoingMail, 'to'> {
  const lang = isInterfaceLanguage(language) ? language : defaultInterfaceLanguage;
  const t = texts[lang];
  const html = [
    `<!doctype html><html lang="${lang}" dir="${textDirection(lang)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">`,
    `<p>${escapeHtml(t.greeting(name))}</p>`,
    `<p>${escapeHtml(t.asked)}<br>${escapeHtml(t.openWithinHour)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:10px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(t.button)}</a></p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t.onceOnly)}</p>`,
    '</body></html>',
  ].join('');
  return {
    subject: t.subject,
    text: `${t.greeting(name)}\n\n${t.asked}\n${t.openWithinHour}\n\n${link}\n\n${t.onceOnly}\n`,
    html,
    language: lang,
  };
}
