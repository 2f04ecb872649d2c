import {
  defaultInterfaceLanguage,
  isInterfaceLanguage,
  textDirection,
  type InterfaceLanguage,
} from '@parlo/core/i18n/interface-languages';
import { subscriptionNewsText, type SubscriptionNewsKind } from '@parlo/core/billing/subscription-news';
import { formatPlanPrice, plans, type PlanId } from '@parlo/core/billing/subscription';
import { escapeHtml } from '../../lib/html.ts';
import type { OutgoingMail } from '../../lib/mailer.ts';

/** The changes a learner gets a mail about (issue 29): the end is said in the bell only. */
export type ReceiptKind = Exclude<SubscriptionNewsKind, 'ended'>;

export function isReceiptKind(kind: SubscriptionNewsKind): kind is ReceiptKind {
  return kind !== 'ended';
}

interface ReceiptTexts {
  subject: Record<ReceiptKind, string>;
  greeting: (name: string) => string;
  /** For an address not yet confirmed: no text the learner chose (issue 30 item 14). */
  greetingWithoutName: string;
  /** {price} and {period} are the plan's. */
  detail: Record<ReceiptKind, string>;
  period: Record<PlanId, string>;
  manage: string;
  button: string;
}

const texts: Record<InterfaceLanguage, ReceiptTexts> = {
  en: {
    subject: {
      'free-week': 'Your Parlo free week has started',
      active: 'Your Parlo Premium receipt',
      'payment-failed': 'Your Parlo Premium payment failed',
      canceled: 'Your Parlo Premium is cancelled',
    },
    greeting: (name) => `Hello ${name},`,
    greetingWithoutName: 'Hello,',
    detail: {
      'free-week':
        'Nothing was charged today. Unless you cancel first, your card will then be charged {price} for {period}.',
      active: 'Amount paid: {price} for {period}. All sales are final.',
      'payment-failed':
        'We could not charge {price} for {period}. You can change your card or cancel in Parlo.',
      canceled: 'Your card will not be charged again. You can resume Premium in Parlo until then.',
    },
    period: { '1_month': '1 month', '3_month': '3 months', '1_year': '1 year' },
    manage: 'Manage your subscription under Settings → Subscription:',
    button: 'Open Parlo',
  },
  ar: {
    subject: {
      'free-week': 'بدأ أسبوعك المجاني في Parlo',
      active: 'إيصال اشتراك Parlo Premium',
      'payment-failed': 'فشل دفع اشتراك Parlo Premium',
      canceled: 'أُلغي اشتراك Parlo Premium',
    },
    greeting: (name) => `مرحبًا ${name}،`,
    greetingWithoutName: 'مرحبًا،',
    detail: {
      'free-week': 'لم يُخصم أي مبلغ اليوم. ما لم تُلغِ قبل ذلك، سيُخصم من بطاقتك {price} مقابل {period}.',
      active: 'المبلغ المدفوع: {price} مقابل {period}. جميع المبيعات نهائية.',
      'payment-failed': 'تعذّر خصم {price} مقابل {period}. يمكنك تغيير بطاقتك أو الإلغاء في Parlo.',
      canceled: 'لن يُخصم من بطاقتك مرة أخرى. يمكنك استئناف Premium في Parlo حتى ذلك التاريخ.',
    },
    period: { '1_month': 'شهر واحد', '3_month': '3 أشهر', '1_year': 'سنة واحدة' },
    manage: 'أدِر اشتراكك من الإعدادات ← الاشتراك:',
    button: 'افتح Parlo',
  },
  de: {
    subject: {
      'free-week': 'Deine kostenlose Parlo-Woche hat begonnen',
      active: 'Deine Quittung für Parlo Premium',
      'payment-failed': 'Die Zahlung für Parlo Premium ist fehlgeschlagen',
      canceled: 'Dein Parlo Premium ist gekündigt',
    },
    greeting: (name) => `Hallo ${name},`,
    greetingWithoutName: 'Hallo,',
    detail: {
      'free-week':
        'Heute wurde nichts abgebucht. Wenn du nicht vorher kündigst, werden dann {price} für {period} von deiner Karte abgebucht.',
      active: 'Bezahlt: {price} für {period}. Alle Käufe sind endgültig.',
      'payment-failed':
        'Wir konnten {price} für {period} nicht abbuchen. Du kannst in Parlo deine Karte ändern oder kündigen.',
      canceled: 'Deine Karte wird nicht mehr belastet. Bis dahin kannst du Premium in Parlo fortsetzen.',
    },
    period: { '1_month': '1 Monat', '3_month': '3 Monate', '1_year': '1 Jahr' },
    manage: 'Dein Abo verwaltest du unter Einstellungen → Abo:',
    button: 'Parlo öffnen',
  },
  es: {
    subject: {
      'free-week': 'Tu semana gratis de Parlo ha empezado',
      active: 'Tu recibo de Parlo Premium',
      'payment-failed': 'El pago de Parlo Premium ha fallado',
      canceled: 'Tu Parlo Premium está cancelado',
    },
    greeting: (name) => `Hola, ${name}:`,
    greetingWithoutName: 'Hola:',
    detail: {
      'free-week':
        'Hoy no se ha cobrado nada. Si no cancelas antes, se cobrarán entonces {price} por {period} en tu tarjeta.',
      active: 'Importe pagado: {price} por {period}. Todas las ventas son definitivas.',
      'payment-failed':
        'No hemos podido cobrar {price} por {period}. Puedes cambiar tu tarjeta o cancelar en Parlo.',
      canceled: 'No se volverá a cobrar en tu tarjeta. Hasta entonces puedes reanudar Premium en Parlo.',
    },
    period: { '1_month': '1 mes', '3_month': '3 meses', '1_year': '1 año' },
    manage: 'Gestiona tu suscripción en Ajustes → Suscripción:',
    button: 'Abrir Parlo',
  },
  fr: {
    subject: {
      'free-week': 'Votre semaine gratuite Parlo a commencé',
      active: 'Votre reçu Parlo Premium',
      'payment-failed': 'Le paiement de Parlo Premium a échoué',
      canceled: 'Votre Parlo Premium est résilié',
    },
    greeting: (name) => `Bonjour ${name},`,
    greetingWithoutName: 'Bonjour,',
    detail: {
      'free-week':
        'Rien n’a été prélevé aujourd’hui. Sauf résiliation d’ici là, votre carte sera alors débitée de {price} pour {period}.',
      active: 'Montant payé : {price} pour {period}. Toutes les ventes sont définitives.',
      'payment-failed':
        'Nous n’avons pas pu prélever {price} pour {period}. Vous pouvez changer de carte ou résilier dans Parlo.',
      canceled: 'Votre carte ne sera plus débitée. D’ici là, vous pouvez reprendre Premium dans Parlo.',
    },
    period: { '1_month': '1 mois', '3_month': '3 mois', '1_year': '1 an' },
    manage: 'Gérez votre abonnement dans Paramètres → Abonnement :',
    button: 'Ouvrir Parlo',
  },
  it: {
    subject: {
      'free-week': 'La tua settimana gratuita di Parlo è iniziata',
      active: 'La tua ricevuta di Parlo Premium',
      'payment-failed': 'Il pagamento di Parlo Premium non è riuscito',
      canceled: 'Il tuo Parlo Premium è disdetto',
    },
    greeting: (name) => `Ciao ${name},`,
    greetingWithoutName: 'Ciao,',
    detail: {
      'free-week':
        'Oggi non è stato addebitato nulla. Se non disdici prima, sulla tua carta verranno poi addebitati {price} per {period}.',
      active: 'Importo pagato: {price} per {period}. Tutte le vendite sono definitive.',
      'payment-failed':
        'Non siamo riusciti ad addebitare {price} per {period}. Puoi cambiare carta o disdire in Parlo.',
      canceled:
        'Sulla tua carta non verrà addebitato altro. Fino ad allora puoi riprendere Premium in Parlo.',
    },
    period: { '1_month': '1 mese', '3_month': '3 mesi', '1_year': '1 anno' },
    manage: 'Gestisci l’abbonamento in Impostazioni → Abbonamento:',
    button: 'Apri Parlo',
  },
  pt: {
    subject: {
      'free-week': 'Sua semana grátis do Parlo começou',
      active: 'Seu recibo do Parlo Premium',
      'payment-failed': 'O pagamento do Parlo Premium falhou',
      canceled: 'Seu Parlo Premium foi cancelado',
    },
    greeting: (name) => `Olá, ${name},`,
    greetingWithoutName: 'Olá,',
    detail: {
      'free-week':
        'Nada foi cobrado hoje. Se você não cancelar antes, seu cartão será cobrado em {price} por {period}.',
      active: 'Valor pago: {price} por {period}. Todas as vendas são definitivas.',
      'payment-failed':
        'Não conseguimos cobrar {price} por {period}. Você pode trocar o cartão ou cancelar no Parlo.',
      canceled: 'Seu cartão não será cobrado novamente. Até lá, você pode retomar o Premium no Parlo.',
    },
    period: { '1_month': '1 mês', '3_month': '3 meses', '1_year': '1 ano' },
    manage: 'Gerencie sua assinatura em Configurações → Assinatura:',
    button: 'Abrir o Parlo',
  },
  ru: {
    subject: {
      'free-week': 'Ваша бесплатная неделя в Parlo началась',
      active: 'Квитанция Parlo Premium',
      'payment-failed': 'Оплата Parlo Premium не прошла',
      canceled: 'Ваш Parlo Premium отменён',
    },
    greeting: (name) => `Здравствуйте, ${name}!`,
    greetingWithoutName: 'Здравствуйте!',
    detail: {
      'free-week':
        'Сегодня ничего не списано. Если вы не отмените подписку раньше, с карты спишут {price} за {period}.',
      active: 'Оплачено: {price} за {period}. Все покупки окончательны.',
      'payment-failed':
        'Не удалось списать {price} за {period}. Вы можете сменить карту или отменить подписку в Parlo.',
      canceled: 'С карты больше ничего не спишут. До этой даты Premium можно возобновить в Parlo.',
    },
    period: { '1_month': '1 месяц', '3_month': '3 месяца', '1_year': '1 год' },
    manage: 'Подпиской можно управлять в разделе «Настройки → Подписка»:',
    button: 'Открыть Parlo',
  },
  zh: {
    subject: {
      'free-week': '你的 Parlo 免费周已开始',
      active: '你的 Parlo Premium 收据',
      'payment-failed': '你的 Parlo Premium 付款失败',
      canceled: '你的 Parlo Premium 已取消',
    },
    greeting: (name) => `${name}，你好：`,
    greetingWithoutName: '你好：',
    detail: {
      'free-week': '今天没有扣款。除非你在此之前取消，届时将从你的银行卡扣除 {price}（{period}）。',
      active: '已付金额：{price}（{period}）。所有销售均为最终交易。',
      'payment-failed': '我们未能扣除 {price}（{period}）。你可以在 Parlo 中更换银行卡或取消订阅。',
      canceled: '你的银行卡不会再被扣款。在此之前，你可以在 Parlo 中恢复 Premium。',
    },
    period: { '1_month': '1 个月', '3_month': '3 个月', '1_year': '1 年' },
    manage: '在“设置 → 订阅”中管理你的订阅：',
    button: '打开 Parlo',
  },
  tr: {
    subject: {
      'free-week': 'Parlo ücretsiz haftan başladı',
      active: 'Parlo Premium makbuzun',
      'payment-failed': 'Parlo Premium ödemen başarısız oldu',
      canceled: 'Parlo Premium üyeliğin iptal edildi',
    },
    greeting: (name) => `Merhaba ${name},`,
    greetingWithoutName: 'Merhaba,',
    detail: {
      'free-week':
        'Bugün hiçbir ücret alınmadı. Daha önce iptal etmezsen kartından {period} için {price} çekilecek.',
      active: 'Ödenen tutar: {period} için {price}. Tüm satışlar kesindir.',
      'payment-failed':
        '{period} için {price} tahsil edemedik. Parlo’da kartını değiştirebilir veya iptal edebilirsin.',
      canceled: 'Kartından bir daha ücret alınmayacak. O tarihe kadar Premium’u Parlo’da sürdürebilirsin.',
    },
    period: { '1_month': '1 ay', '3_month': '3 ay', '1_year': '1 yıl' },
    manage: 'Aboneliğini Ayarlar → Abonelik bölümünden yönet:',
    button: 'Parlo’yu aç',
  },
};

export interface ReceiptFacts {
  kind: ReceiptKind;
  /** Null when the address is not confirmed: a mail there quotes nothing the account holder typed. */
  name: string | null;
  planId: PlanId;
  /** Epoch seconds: the date the bell's sentence names. */
  currentPeriodEnd: number;
  language: string;
  timeZone: string;
  appUrl: string;
}

/**
 * Issue 29: the e-mail besides the bell for a purchase, a renewal, a failed payment and a cancellation,
 * in the learner's interface language (English when it is unknown). Its first sentence is the bell's.
 */
export function receiptMail(facts: ReceiptFacts): Omit<OutgoingMail, 'to'> {
  const lang = isInterfaceLanguage(facts.language) ? facts.language : defaultInterfaceLanguage;
  const t = texts[lang];
  const news = subscriptionNewsText(lang, facts.timeZone, facts.kind, facts.currentPeriodEnd);
  const detail = t.detail[facts.kind]
    .replace('{price}', formatPlanPrice(plans[facts.planId], lang))
    .replace('{period}', t.period[facts.planId]);
  const greeting = facts.name === null ? t.greetingWithoutName : t.greeting(facts.name);
  const html = [
    `<!doctype html><html lang="${lang}" dir="${textDirection(lang)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p><strong>${escapeHtml(news)}</strong></p>`,
    `<p>${escapeHtml(detail)}</p>`,
    `<p>${escapeHtml(t.manage)}</p>`,
    `<p><a href="${escapeHtml(facts.appUrl)}" style="display:inline-block;padding:12px 20px;border-radius:10px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(t.button)}</a></p>`,
    '</body></html>',
  ].join('');
  return {
    subject: t.subject[facts.kind],
    text: `${greeting}\n\n${news}\n\n${detail}\n\n${t.manage}\n${facts.appUrl}\n`,
    html,
    language: lang,
  };
}
