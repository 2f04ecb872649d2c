import {
  defaultInterfaceLanguage,
  isInterfaceLanguage,
  type InterfaceLanguage,
} from '../i18n/interface-languages.ts';
import type { SubscriptionStatus } from './subscription.ts';

/**
 * Issue 13: what the notification bell says when a subscription changes. The text is written once, when
 * the change is stored, in the learner's interface language (like a new status or a leaderboard place).
 */
export type SubscriptionNewsKind = 'free-week' | 'active' | 'payment-failed' | 'canceled' | 'ended';

const texts: Record<InterfaceLanguage, Record<SubscriptionNewsKind, string>> = {
  en: {
    'free-week': 'Your free week has started: Premium until {date}.',
    active: 'Premium is active: your next renewal is on {date}.',
    'payment-failed': 'Your Premium payment failed. Please check your card: we will try again.',
    canceled: 'Premium is cancelled and stays with you until {date}.',
    ended: 'Your Premium has ended.',
  },
  ar: {
    'free-week': 'بدأ أسبوعك المجاني: Premium حتى {date}.',
    active: 'اشتراك Premium نشط: التجديد القادم في {date}.',
    'payment-failed': 'فشل دفع اشتراك Premium. تحقّق من بطاقتك: سنحاول مرة أخرى.',
    canceled: 'أُلغي اشتراك Premium ويبقى متاحًا لك حتى {date}.',
    ended: 'انتهى اشتراك Premium.',
  },
  de: {
    'free-week': 'Deine kostenlose Woche hat begonnen: Premium bis {date}.',
    active: 'Premium ist aktiv: die nächste Verlängerung ist am {date}.',
    'payment-failed':
      'Die Zahlung für Premium ist fehlgeschlagen. Bitte prüfe deine Karte: wir versuchen es erneut.',
    canceled: 'Premium ist gekündigt und bleibt dir bis {date}.',
    ended: 'Dein Premium ist abgelaufen.',
  },
  es: {
    'free-week': 'Tu semana gratis ha empezado: Premium hasta el {date}.',
    active: 'Premium está activo: la próxima renovación es el {date}.',
    'payment-failed': 'El pago de Premium ha fallado. Revisa tu tarjeta: lo intentaremos de nuevo.',
    canceled: 'Premium está cancelado y sigue contigo hasta el {date}.',
    ended: 'Tu Premium ha terminado.',
  },
  fr: {
    'free-week': 'Votre semaine gratuite a commencé : Premium jusqu’au {date}.',
    active: 'Premium est actif : prochain renouvellement le {date}.',
    'payment-failed': 'Le paiement de Premium a échoué. Vérifiez votre carte : nous allons réessayer.',
    canceled: 'Premium est résilié et reste actif jusqu’au {date}.',
    ended: 'Votre Premium est terminé.',
  },
  it: {
    'free-week': 'La tua settimana gratuita è iniziata: Premium fino al {date}.',
    active: 'Premium è attivo: il prossimo rinnovo è il {date}.',
    'payment-failed': 'Il pagamento di Premium non è riuscito. Controlla la carta: riproveremo.',
    canceled: 'Premium è disdetto e resta attivo fino al {date}.',
    ended: 'Il tuo Premium è terminato.',
  },
  pt: {
    'free-week': 'A sua semana grátis começou: Premium até {date}.',
    active: 'O Premium está ativo: a próxima renovação é a {date}.',
    'payment-failed': 'O pagamento do Premium falhou. Verifique o seu cartão: vamos tentar novamente.',
    canceled: 'O Premium foi cancelado e continua consigo até {date}.',
    ended: 'O seu Premium terminou.',
  },
  ru: {
    'free-week': 'Ваша бесплатная неделя началась: Premium до {date}.',
    active: 'Premium активен: следующее продление {date}.',
    'payment-failed': 'Оплата Premium не прошла. Проверьте карту: мы попробуем ещё раз.',
    canceled: 'Premium отменён и останется у вас до {date}.',
    ended: 'Ваш Premium закончился.',
  },
  zh: {
    'free-week': '你的免费周已开始：Premium 有效期至 {date}。',
    active: 'Premium 已生效：下次续订日期为 {date}。',
    'payment-failed': 'Premium 付款失败。请检查你的银行卡：我们会再试一次。',
    canceled: 'Premium 已取消，在 {date} 之前仍可使用。',
    ended: '你的 Premium 已结束。',
  },
  tr: {
    'free-week': 'Ücretsiz haftan başladı: {date} tarihine kadar Premium.',
    active: 'Premium etkin: bir sonraki yenileme {date} tarihinde.',
    'payment-failed': 'Premium ödemesi başarısız oldu. Lütfen kartını kontrol et: tekrar deneyeceğiz.',
    canceled: 'Premium iptal edildi ve {date} tarihine kadar seninle.',
    ended: 'Premium üyeliğin sona erdi.',
  },
};

export interface SubscriptionState {
  status: SubscriptionStatus;
  /** Epoch seconds. */
  currentPeriodEnd: number;
}

/**
 * Which news a stored state is, and its key: the same status with the same period end is the same news,
 * however often (or in whatever order) the provider's events bring it. A renewal moves the period end,
 * so each renewal is news once. Incomplete is no news (nothing has started yet).
 */
export function subscriptionNews(
  state: SubscriptionState,
): { kind: SubscriptionNewsKind; key: string } | null {
  const kind = kindOf(state.status);
  if (!kind) return null;
  // An end is once per subscription; the others once per period (a failed renewal keeps its period).
  const key = kind === 'ended' ? kind : `${kind}:${state.currentPeriodEnd}`;
  return { kind, key };
}

function kindOf(status: SubscriptionStatus): SubscriptionNewsKind | null {
  switch (status) {
    case 'trialing':
      return 'free-week';
    case 'active':
      return 'active';
    case 'past_due':
      return 'payment-failed';
    case 'canceled':
      return 'canceled';
    case 'expired':
    case 'unpaid':
      return 'ended';
    case 'incomplete':
      return null;
  }
}

/** The bell's text in the learner's language, the date as they read dates, on their own calendar day. */
export function subscriptionNewsText(
  language: string,
  timeZone: string,
  kind: SubscriptionNewsKind,
  currentPeriodEnd: number,
): string {
  const lang = isInterfaceLanguage(language) ? language : defaultInterfaceLanguage;
  const date = formatDate(lang, timeZone, currentPeriodEnd);
  // Russian dates end in "г.": the sentence's own full stop is not written twice.
  return texts[lang][kind].replace(date.endsWith('.') ? '{date}.' : '{date}', date);
}

function formatDate(language: InterfaceLanguage, timeZone: string, epochSeconds: number): string {
  const options = { day: 'numeric', month: 'long', year: 'numeric' } as const;
  const date = new Date(epochSeconds * 1000);
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(date);
  } catch {
    // A zone this runtime does not know: the date in UTC is off by a day at most.
    return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(date);
  }
}
