import {
  defaultInterfaceLanguage,
  isInterfaceLanguage,
  type InterfaceLanguage,
} from '../i18n/interface-languages.ts';
import type { ReminderKind } from './schedule.ts';

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface ReminderTexts {
  title: string;
  reminder: string;
  /** `{n}` is the streak; the form is picked by the language's plural rules (Russian: one/few/many). */
  motivation: PluralForms;
}

/** Reminder texts in each interface language; the learner's saved language picks one (SPEC §1). */
const texts: Record<InterfaceLanguage, ReminderTexts> = {
  en: {
    title: 'Parlo',
    reminder: 'Time for today’s lesson: a few minutes keep your language going.',
    motivation: {
      one: 'Your {n}-day streak ends tonight. One lesson keeps it alive!',
      other: 'Your {n}-day streak ends tonight. One lesson keeps it alive!',
    },
  },
  ar: {
    title: 'Parlo',
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
    reminder: 'Zeit für die heutige Lektion: ein paar Minuten halten deine Sprache in Schwung.',
    motivation: {
      one: 'Deine Serie von {n} Tag endet heute Nacht. Eine Lektion rettet sie!',
      other: 'Deine Serie von {n} Tagen endet heute Nacht. Eine Lektion rettet sie!',
    },
  },
  es: {
    title: 'Parlo',
    reminder: 'Es hora de la lección de hoy: unos minutos mantienen vivo tu idioma.',
    motivation: {
      one: 'Tu racha de {n} día termina esta noche. ¡Una lección la salva!',
      other: 'Tu racha de {n} días termina esta noche. ¡Una lección la salva!',
    },
  },
  fr: {
    title: 'Parlo',
    reminder: 'C’est l’heure de la leçon du jour : quelques minutes suffisent pour progresser.',
    motivation: {
      one: 'Ta série de {n} jour se termine ce soir. Une leçon la sauve !',
      other: 'Ta série de {n} jours se termine ce soir. Une leçon la sauve !',
    },
  },
  it: {
    title: 'Parlo',
    reminder: 'È l’ora della lezione di oggi: pochi minuti tengono viva la tua lingua.',
    motivation: {
      one: 'La tua serie di {n} giorno finisce stanotte. Una lezione la salva!',
      other: 'La tua serie di {n} giorni finisce stanotte. Una lezione la salva!',
    },
  },
  pt: {
    title: 'Parlo',
    reminder: 'Hora da lição de hoje: alguns minutos mantêm o seu idioma em dia.',
    motivation: {
      one: 'A sua sequência de {n} dia termina esta noite. Uma lição a salva!',
      other: 'A sua sequência de {n} dias termina esta noite. Uma lição a salva!',
    },
  },
  ru: {
    title: 'Parlo',
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
    reminder: '该上今天的课了：几分钟就能让你的语言保持活力。',
    motivation: { other: '你连续 {n} 天的学习记录今晚就要中断了。上一节课就能保住它！' },
  },
  tr: {
    title: 'Parlo',
    reminder: 'Bugünkü ders zamanı: birkaç dakika dilini canlı tutar.',
    motivation: { other: '{n} günlük serin bu gece bitiyor. Bir ders onu kurtarır!' },
  },
};

export interface ReminderMessage {
  title: string;
  body: string;
}

/** The notification text for a learner whose saved interface language is `language`. */
export function reminderMessage(language: string, kind: ReminderKind, streak: number): ReminderMessage {
  const lang = isInterfaceLanguage(language) ? language : defaultInterfaceLanguage;
  const set = texts[lang];
  if (kind === 'reminder') return { title: set.title, body: set.reminder };
  const form = new Intl.PluralRules(lang).select(streak);
  const body = (set.motivation[form] ?? set.motivation.other).replace('{n}', String(streak));
  return { title: set.title, body };
}
