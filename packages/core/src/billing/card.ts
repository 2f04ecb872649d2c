/**
 * SPEC §5 "Card number, expiry and CVC required", checked the same way in the purchase form (instant
 * feedback) and by Parlo's sandbox provider. With Stripe the card never reaches Parlo: Stripe.js checks it.
 */

export interface CardInput {
  /** Digits, spaces allowed between groups. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export type CardProblem = 'card-number-invalid' | 'card-expiry-invalid' | 'card-cvc-invalid';

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: number): boolean {
  const today = new Date(now);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** The first problem of a card, in the order the form shows its fields; null when it may be charged. */
export function cardProblem(card: CardInput, now: number): CardProblem | null {
  if (!passesLuhn(cardDigits(card.number))) return 'card-number-invalid';
  if (
    !Number.isInteger(card.expMonth) ||
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    isExpired(card.expMonth, card.expYear, now) ||
    card.expYear > new Date(now).getUTCFullYear() + 30
  ) {
    return 'card-expiry-invalid';
  }
  // American Express cards (34…, 37…) have four digits, the others three.
  const amex = /^3[47]/.test(cardDigits(card.number));
  if (!(amex ? /^[0-9]{4}$/ : /^[0-9]{3}$/).test(card.cvc)) return 'card-cvc-invalid';
  return null;
}

/** "MM/YY" or "MM / YYYY" as typed in the form; null when it is not a month and a year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*([0-9]{1,2})\s*\/\s*([0-9]{2}|[0-9]{4})\s*$/.exec(text);
  if (!match) return null;
  const year = Number(match[2]);
  return { expMonth: Number(match[1]), expYear: year < 100 ? 2000 + year : year };
}
