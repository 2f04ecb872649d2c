import {
  defaultInterfaceLanguage,
  isInterfaceLanguage,
  textDirection,
  type InterfaceLanguage,
} from '@parlo/core/i18n/interface-languages';
import { escapeHtml } from '../../lib/html.ts';
import type { OutgoingMail } from '../../lib/mailer.ts';

interface LinkTexts {
  subject: string;
  why: string;
  openWithin: string;
  button: string;
  onceOnly: string;
}

interface VerificationMailTexts {
  /** No name: the address is not confirmed yet, so the mail quotes nothing a learner typed (issue 30). */
  greeting: string;
  confirm: LinkTexts;
  /** Sent instead of a reset mail while the address is unconfirmed: confirm it, then choose a password. */
  confirmThenReset: LinkTexts;
}

const texts: Record<InterfaceLanguage, VerificationMailTexts> = {
  en: {
    greeting: 'Hello,',
    confirm: {
      subject: 'Confirm your e-mail address for Parlo',
      why: 'This address was given for a Parlo account.',
      openWithin: 'Open this link within 24 hours to confirm that it is yours:',
      button: 'Confirm my e-mail address',
      onceOnly: 'The link works once. If you did not sign up for Parlo, ignore this e-mail.',
    },
    confirmThenReset: {
      subject: 'Confirm your e-mail address to reset your Parlo password',
      why: 'Someone (hopefully you) asked to reset the password of the Parlo account for this address. First confirm that the address is yours; then you choose a new password.',
      openWithin: 'Open this link within one hour:',
      button: 'Confirm and choose a new password',
      onceOnly:
        'The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.',
    },
  },
  ar: {
    greeting: 'مرحبًا،',
    confirm: {
      subject: 'أكّد عنوان بريدك الإلكتروني في Parlo',
      why: 'استُخدم هذا العنوان لإنشاء حساب في Parlo.',
      openWithin: 'افتح هذا الرابط خلال 24 ساعة لتأكيد أنه عنوانك:',
      button: 'تأكيد بريدي الإلكتروني',
      onceOnly: 'يعمل الرابط مرة واحدة فقط. إذا لم تشترك في Parlo، فتجاهل هذه الرسالة.',
    },
    confirmThenReset: {
      subject: 'أكّد عنوان بريدك الإلكتروني لإعادة تعيين كلمة المرور في Parlo',
      why: 'طلب أحدهم (نأمل أن تكون أنت) إعادة تعيين كلمة المرور لحساب Parlo المرتبط بهذا العنوان. أكّد أولًا أن العنوان لك، ثم اختر كلمة مرور جديدة.',
      openWithin: 'افتح هذا الرابط خلال ساعة واحدة:',
      button: 'التأكيد واختيار كلمة مرور جديدة',
      onceOnly: 'يعمل الرابط مرة واحدة فقط. إذا لم تطلبه، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.',
    },
  },
  de: {
    greeting: 'Hallo,',
    confirm: {
      subject: 'Bestätige deine E-Mail-Adresse für Parlo',
      why: 'Diese Adresse wurde für ein Parlo-Konto angegeben.',
      openWithin: 'Öffne diesen Link innerhalb von 24 Stunden, um zu bestätigen, dass sie dir gehört:',
      button: 'E-Mail-Adresse bestätigen',
      onceOnly:
        'Der Link funktioniert nur einmal. Wenn du dich nicht bei Parlo angemeldet hast, ignoriere diese E-Mail.',
    },
    confirmThenReset: {
      subject: 'Bestätige deine E-Mail-Adresse, um dein Parlo-Passwort zurückzusetzen',
      why: 'Jemand (hoffentlich du) hat darum gebeten, das Passwort des Parlo-Kontos mit dieser Adresse zurückzusetzen. Bestätige zuerst, dass die Adresse dir gehört; danach wählst du ein neues Passwort.',
      openWithin: 'Öffne diesen Link innerhalb einer Stunde:',
      button: 'Bestätigen und neues Passwort wählen',
      onceOnly:
        'Der Link funktioniert nur einmal. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
    },
  },
  es: {
    greeting: 'Hola:',
    confirm: {
      subject: 'Confirma tu dirección de correo para Parlo',
      why: 'Esta dirección se ha indicado para una cuenta de Parlo.',
      openWithin: 'Abre este enlace en las próximas 24 horas para confirmar que es tuya:',
      button: 'Confirmar mi correo',
      onceOnly: 'El enlace solo funciona una vez. Si no te has registrado en Parlo, ignora este correo.',
    },
    confirmThenReset: {
      subject: 'Confirma tu dirección de correo para restablecer tu contraseña de Parlo',
      why: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de la cuenta de Parlo con esta dirección. Primero confirma que la dirección es tuya; después elegirás una contraseña nueva.',
      openWithin: 'Abre este enlace en el plazo de una hora:',
      button: 'Confirmar y elegir una contraseña nueva',
      onceOnly:
        'El enlace solo funciona una vez. Si no lo has pedido, ignora este correo: tu contraseña seguirá siendo la misma.',
    },
  },
  fr: {
    greeting: 'Bonjour,',
    confirm: {
      subject: 'Confirmez votre adresse e-mail pour Parlo',
      why: 'Cette adresse a été indiquée pour un compte Parlo.',
      openWithin: 'Ouvrez ce lien dans les 24 heures pour confirmer qu’elle est bien la vôtre :',
      button: 'Confirmer mon adresse e-mail',
      onceOnly:
        'Le lien ne fonctionne qu’une fois. Si vous ne vous êtes pas inscrit sur Parlo, ignorez cet e-mail.',
    },
    confirmThenReset: {
      subject: 'Confirmez votre adresse e-mail pour réinitialiser votre mot de passe Parlo',
      why: 'Quelqu’un (vous, nous l’espérons) a demandé la réinitialisation du mot de passe du compte Parlo lié à cette adresse. Confirmez d’abord que l’adresse est la vôtre ; vous choisirez ensuite un nouveau mot de passe.',
      openWithin: 'Ouvrez ce lien dans l’heure :',
      button: 'Confirmer et choisir un nouveau mot de passe',
      onceOnly:
        'Le lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
    },
  },
  it: {
    greeting: 'Ciao,',
    confirm: {
      subject: 'Conferma il tuo indirizzo e-mail per Parlo',
      why: 'Questo indirizzo è stato indicato per un account Parlo.',
      openWithin: 'Apri questo link entro 24 ore per confermare che è tuo:',
      button: 'Conferma il mio indirizzo e-mail',
      onceOnly: 'Il link funziona una sola volta. Se non ti sei iscritto a Parlo, ignora questa e-mail.',
    },
    confirmThenReset: {
      subject: 'Conferma il tuo indirizzo e-mail per reimpostare la password di Parlo',
      why: 'Qualcuno (speriamo tu) ha chiesto di reimpostare la password dell’account Parlo con questo indirizzo. Prima conferma che l’indirizzo è tuo; poi sceglierai una nuova password.',
      openWithin: 'Apri questo link entro un’ora:',
      button: 'Conferma e scegli una nuova password',
      onceOnly:
        'Il link funziona una sola volta. Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta la stessa.',
    },
  },
  pt: {
    greeting: 'Olá,',
    confirm: {
      subject: 'Confirme seu endereço de e-mail no Parlo',
      why: 'Este endereço foi informado para uma conta do Parlo.',
      openWithin: 'Abra este link em até 24 horas para confirmar que ele é seu:',
      button: 'Confirmar meu e-mail',
      onceOnly: 'O link funciona uma única vez. Se você não se cadastrou no Parlo, ignore este e-mail.',
    },
    confirmThenReset: {
      subject: 'Confirme seu endereço de e-mail para redefinir sua senha do Parlo',
      why: 'Alguém (esperamos que tenha sido você) pediu para redefinir a senha da conta do Parlo com este endereço. Primeiro confirme que o endereço é seu; depois você escolhe uma nova senha.',
      openWithin: 'Abra este link dentro de uma hora:',
      button: 'Confirmar e escolher uma nova senha',
      onceOnly:
        'O link funciona uma única vez. Se não foi você que pediu, ignore este e-mail: sua senha continua a mesma.',
    },
  },
  ru: {
    greeting: 'Здравствуйте!',
    confirm: {
      subject: 'Подтвердите адрес электронной почты в Parlo',
      why: 'Этот адрес был указан при регистрации в Parlo.',
      openWithin: 'Откройте эту ссылку в течение 24 часов, чтобы подтвердить, что адрес принадлежит вам:',
      button: 'Подтвердить адрес',
      onceOnly:
        'Ссылка срабатывает только один раз. Если вы не регистрировались в Parlo, просто проигнорируйте это письмо.',
    },
    confirmThenReset: {
      subject: 'Подтвердите адрес, чтобы сбросить пароль Parlo',
      why: 'Кто-то (надеемся, что вы) попросил сбросить пароль аккаунта Parlo с этим адресом. Сначала подтвердите, что адрес принадлежит вам, затем выберите новый пароль.',
      openWithin: 'Откройте эту ссылку в течение часа:',
      button: 'Подтвердить и выбрать новый пароль',
      onceOnly:
        'Ссылка срабатывает только один раз. Если вы ничего не запрашивали, просто проигнорируйте это письмо: пароль останется прежним.',
    },
  },
  tr: {
    greeting: 'Merhaba,',
    confirm: {
      subject: 'Parlo için e-posta adresini doğrula',
      why: 'Bu adres bir Parlo hesabı için verildi.',
      openWithin: 'Adresin sana ait olduğunu doğrulamak için bu bağlantıyı 24 saat içinde aç:',
      button: 'E-posta adresimi doğrula',
      onceOnly: 'Bağlantı yalnızca bir kez çalışır. Parlo’ya kaydolmadıysan bu e-postayı dikkate alma.',
    },
    confirmThenReset: {
      subject: 'Parlo şifreni sıfırlamak için e-posta adresini doğrula',
      why: 'Birisi (umarız sensin) bu adrese bağlı Parlo hesabının şifresini sıfırlamak istedi. Önce adresin sana ait olduğunu doğrula; ardından yeni bir şifre seçeceksin.',
      openWithin: 'Bu bağlantıyı bir saat içinde aç:',
      button: 'Doğrula ve yeni şifre seç',
      onceOnly:
        'Bağlantı yalnızca bir kez çalışır. Bunu sen istemediysen bu e-postayı dikkate alma: şifren aynı kalır.',
    },
  },
  zh: {
    greeting: '你好：',
    confirm: {
      subject: '确认你在 Parlo 的邮箱地址',
      why: '有人用这个地址注册了 Parlo 账户。',
      openWithin: '请在 24 小时内打开此链接，确认这是你的邮箱：',
      button: '确认我的邮箱',
      onceOnly: '此链接只能使用一次。如果你没有注册 Parlo，请忽略这封邮件。',
    },
    confirmThenReset: {
      subject: '确认邮箱地址以重置你的 Parlo 密码',
      why: '有人（希望是你本人）请求重置与此地址关联的 Parlo 账户的密码。请先确认这是你的邮箱，然后设置新密码。',
      openWithin: '请在一小时内打开此链接：',
      button: '确认并设置新密码',
      onceOnly: '此链接只能使用一次。如果这不是你的请求，请忽略这封邮件：你的密码不会改变。',
    },
  },
};

/**
 * The mail that confirms an address, in `language` (a saved interface language; English if unknown).
 * It names no one: until the address is confirmed, Parlo quotes nothing the sign-up form was given.
 */
export function verificationMail(
  link: string,
  language: string,
  purpose: 'confirm' | 'confirmThenReset',
): Omit<OutgoingMail, 'to'> {
  const lang = isInterfaceLanguage(language) ? language : defaultInterfaceLanguage;
  const { greeting } = texts[lang];
  const t = texts[lang][purpose];
  const html = [
    `<!doctype html><html lang="${lang}" dir="${textDirection(lang)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t.why)}<br>${escapeHtml(t.openWithin)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:10px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(t.button)}</a></p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t.onceOnly)}</p>`,
    '</body></html>',
  ].join('');
  return {
    subject: t.subject,
    text: `${greeting}\n\n${t.why}\n${t.openWithin}\n\n${link}\n\n${t.onceOnly}\n`,
    html,
    language: lang,
  };
}
