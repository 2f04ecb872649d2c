import {
  defaultInterfaceLanguage,
  isInterfaceLanguage,
  type InterfaceLanguage,
} from '../i18n/interface-languages.ts';
import type { ReminderKind } from './schedule.ts';

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface ReminderTexts {
  title: string;
  /** The reminder e-mail's button, why it came, and its unsubscribe link. */
  mail: { start: string; why: string; unsubscribe: string };
  reminder: string;
  /** `{n}` is the streak; the form is picked by the language's plural rules (Russian: one/few/many). */
  motivation: PluralForms;
}

/** Reminder texts in each interface language; the learner's saved language picks one (SPEC §1). */
const texts: Record<InterfaceLanguage, ReminderTexts> = {
  en: {
    title: 'Parlo',
    mail: {
      start: 'Start a lesson',
      why: 'You get this e-mail because you chose e-mail reminders in Parlo.',
      unsubscribe: 'Stop reminder e-mails',
    },
    reminder: 'Time for today’s lesson: a few minutes keep your language going.',
    motivation: {
      one: 'Your {n}-day streak ends tonight. One lesson keeps it alive!',
      other: 'Your {n}-day streak ends tonight. One lesson keeps it alive!',
    },
  },
  ar: {
    title: 'Parlo',
    mail: {
      start: 'ابدأ درسًا',
      why: 'تصلك هذه الرسالة لأنك اخترت التذكير بالبريد الإلكتروني في Parlo.',
      unsubscribe: 'إيقاف رسائل التذكير',
    },
    reminder: 'حان وقت درس اليوم: بضع دقائق تحافظ على تقدّمك في اللغة.',
    motivation: {
      zero: 'سلسلتك من {n} يوم تنتهي الليلة. درس واحد يحافظ عليها!',
      one: 'سلسلتك من يوم واحد تنتهي الليلة. درس واحد يحافظ عليها!',
      two: 'سلسلتك من يومين تنتهي الليلة. درس واحد يحافظ عليها!',
      few: 'سلسلتك من {n} أيام تنتهي الليلة. درس واحد يحافظ عليها!',
      many: 'سلسلتك من {n} يومًا تنتهي الليلة. درس واحد يحافظ عليها!',
      other: 'سلسلتك من {n} يوم تنتهي الليلة. درس واحد يحافظ عليها!',
    },
  },
  de: {
    title: 'Parlo',
    mail: {
      start: 'Lektion starten',
      why: 'Du bekommst diese E-Mail, weil du in Parlo Erinnerungen per E-Mail gewählt hast.',
      unsubscribe: 'Keine Erinnerungs-E-Mails mehr',
    },
    reminder: 'Zeit für die heutige Lektion: ein paar Minuten halten deine Sprache in Schwung.',
    motivation: {
      one: 'Deine Serie von {n} Tag endet heute Nacht. Eine Lektion rettet sie!',
      other: 'Deine Serie von {n} Tagen endet heute Nacht. Eine Lektion rettet sie!',
    },
  },
  es: {
    title: 'Parlo',
    mail: {
      start: 'Empezar una lección',
      why: 'Recibes este correo porque elegiste recordatorios por correo en Parlo.',
      unsubscribe: 'Dejar de recibir recordatorios por correo',
    },
    reminder: 'Es hora de la lección de hoy: unos minutos mantienen vivo tu idioma.',
    motivation: {
      one: 'Tu racha de {n} día termina esta noche. ¡Una lección la salva!',
      other: 'Tu racha de {n} días termina esta noche. ¡Una lección la salva!',
    },
  },
  fr: {
    title: 'Parlo',
    mail: {
      start: 'Commencer une leçon',
      why: 'Vous recevez cet e-mail car vous avez choisi les rappels par e-mail dans Parlo.',
      unsubscribe: 'Ne plus recevoir de rappels par e-mail',
    },
    reminder: 'C’est l’heure de la leçon du jour : quelques minutes suffisent pour progresser.',
    motivation: {
      one: 'Ta série de {n} jour se termine ce soir. Une leçon la sauve !',
      other: 'Ta série de {n} jours se termine ce soir. Une leçon la sauve !',
    },
  },
  it: {
    title: 'Parlo',
    mail: {
      start: 'Inizia una lezione',
      why: 'Ricevi questa e-mail perché hai scelto i promemoria via e-mail in Parlo.',
      unsubscribe: 'Non ricevere più promemoria via e-mail',
    },
    reminder: 'È l’ora della lezione di oggi: pochi minuti tengono viva la tua lingua.',
    motivation: {
      one: 'La tua serie di {n} giorno finisce stanotte. Una lezione la salva!',
      other: 'La tua serie di {n} giorni finisce stanotte. Una lezione la salva!',
    },
  },
  pt: {
    title: 'Parlo',
    mail: {
      start: 'Começar uma lição',
      why: 'Recebe este e-mail porque escolheu lembretes por e-mail no Parlo.',
      unsubscribe: 'Deixar de receber lembretes por e-mail',
    },
    reminder: 'Hora da lição de hoje: alguns minutos mantêm o seu idioma em dia.',
    motivation: {
      one: 'A sua sequência de {n} dia termina esta noite. Uma lição a salva!',
      other: 'A sua sequência de {n} dias termina esta noite. Uma lição a salva!',
    },
  },
  ru: {
    title: 'Parlo',
    mail: {
      start: 'Начать урок',
      why: 'Вы получили это письмо, потому что выбрали напоминания по e-mail в Parlo.',
      unsubscribe: 'Больше не присылать напоминания',
    },
    reminder: 'Пора на сегодняшний урок: несколько минут — и язык не забывается.',
    motivation: {
      one: 'Ваша серия в {n} день заканчивается сегодня ночью. Один урок её сохранит!',
      few: 'Ваша серия в {n} дня заканчивается сегодня ночью. Один урок её сохранит!',
      many: 'Ваша серия в {n} дней заканчивается сегодня ночью. Один урок её сохранит!',
      other: 'Ваша серия в {n} дня заканчивается сегодня ночью. Один урок её сохранит!',
    },
  },
  zh: {
    title: 'Parlo',
    mail: {
      start: '开始上课',
      why: '你收到这封邮件，是因为你在 Parlo 中选择了邮件提醒。',
      unsubscribe: '不再接收提醒邮件',
    },
    reminder: '该上今天的课了：几分钟就能让你的语言保持活力。',
    motivation: { other: '你连续 {n} 天的学习记录今晚就要中断了。上一节课就能保住它！' },
  },
  tr: {
    title: 'Parlo',
    mail: {
      start: 'Derse başla',
      why: "Bu e-postayı Parlo'da e-posta hatırlatıcılarını seçtiğin için alıyorsun.",
      unsubscribe: 'Hatırlatma e-postalarını durdur',
    },
    reminder: 'Bugünkü ders zamanı: birkaç dakika dilini canlı tutar.',
    motivation: { other: '{n} günlük serin bu gece bitiyor. Bir ders onu kurtarır!' },
  },
};

export interface ReminderMessage {
  title: string;
  body: string;
  /** The language the text is in (the learner's, or English). */
  language: InterfaceLanguage;
  mail: ReminderTexts['mail'];
}

/** The notification text for a learner whose saved interface language is `language`. */
export function reminderMessage(language: string, kind: ReminderKind, streak: number): ReminderMessage {
  const lang = isInterfaceLanguage(language) ? language : defaultInterfaceLanguage;
  const set = texts[lang];
  if (kind === 'reminder') return { title: set.title, body: set.reminder, language: lang, mail: set.mail };
  const form = new Intl.PluralRules(lang).select(streak);
  const body = (set.motivation[form] ?? set.motivation.other).replace('{n}', String(streak));
  return { title: set.title, body, language: lang, mail: set.mail };
}

/** The bell's other news (SPEC §2): a new status and yesterday's place on the daily leaderboard. */
const newsTexts: Record<InterfaceLanguage, { newStatus: string; place: string }> = {
  en: {
    newStatus: 'New status: {status}! Well done.',
    place: 'You finished yesterday’s leaderboard in place {n}.',
  },
  ar: { newStatus: 'مستوى جديد: {status}! أحسنت.', place: 'أنهيت تصنيف الأمس في المركز {n}.' },
  de: {
    newStatus: 'Neuer Status: {status}! Gut gemacht.',
    place: 'Du hast die gestrige Rangliste auf Platz {n} beendet.',
  },
  es: {
    newStatus: 'Nuevo estado: {status}. ¡Bien hecho!',
    place: 'Terminaste la clasificación de ayer en el puesto {n}.',
  },
  fr: {
    newStatus: 'Nouveau statut : {status} ! Bravo.',
    place: 'Vous avez terminé le classement d’hier à la place {n}.',
  },
  it: {
    newStatus: 'Nuovo livello: {status}! Ben fatto.',
    place: 'Hai chiuso la classifica di ieri al posto {n}.',
  },
  pt: {
    newStatus: 'Novo estatuto: {status}! Muito bem.',
    place: 'Terminou a classificação de ontem no lugar {n}.',
  },
  ru: {
    newStatus: 'Новый статус: {status}! Отличная работа.',
    place: 'Во вчерашнем рейтинге вы заняли {n}-е место.',
  },
  zh: { newStatus: '新等级：{status}！干得好。', place: '你在昨天的排行榜中位列第 {n} 名。' },
  tr: { newStatus: 'Yeni durum: {status}! Tebrikler.', place: 'Dünkü sıralamayı {n}. sırada bitirdin.' },
};

function newsFor(language: string) {
  return newsTexts[isInterfaceLanguage(language) ? language : defaultInterfaceLanguage];
}

export function newStatusText(language: string, status: string): string {
  return newsFor(language).newStatus.replace('{status}', status);
}

export function leaderboardPlaceText(language: string, place: number): string {
  return newsFor(language).place.replace('{n}', String(place));
}
