import { describe, expect, it } from 'vitest';
import { cardProblem, isExpired, parseExpiry, passesLuhn } from './card.ts';

const NOW = Date.UTC(2026, 10, 24);
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('card checks', () => {
  it('checks the Luhn digit of the test cards', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000002760003184')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    expect(passesLuhn('4242x24242424242')).toBe(false);
  });
  it('accepts a card through the last day of its expiry month', () => {
    expect(isExpired(11, 2026, NOW)).toBe(false);
    expect(isExpired(10, 2026, NOW)).toBe(true);
    expect(isExpired(1, 2027, NOW)).toBe(false);
  });
  it('names the first problem in the order of the form', () => {
    expect(cardProblem(card, NOW)).toBeNull();
    expect(cardProblem({ ...card, number: '4242 4242 4242 4241', cvc: '' }, NOW)).toBe('card-number-invalid');
    expect(cardProblem({ ...card, expMonth: 13 }, NOW)).toBe('card-expiry-invalid');
    expect(cardProblem({ ...card, expYear: 2025 }, NOW)).toBe('card-expiry-invalid');
    expect(cardProblem({ ...card, cvc: '12' }, NOW)).toBe('card-cvc-invalid');
    expect(cardProblem({ ...card, number: '378282246310005', cvc: '123' }, NOW)).toBe('card-cvc-invalid');
    expect(cardProblem({ ...card, number: '378282246310005', cvc: '1234' }, NOW)).toBeNull();
  });
  it('reads an expiry as typed', () => {
    expect(parseExpiry('12/30')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry('1230')).toBeNull();
  });
});
