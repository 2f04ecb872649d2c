import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './payment-provider.ts';
import { parseEvent } from './sandbox-provider.ts';

const SECRET = 'whsec_unit_tests';
const NOW = 1_800_000_000;

describe('webhook signatures (Stripe’s scheme, used by the sandbox too)', () => {
  const body = '{"id":"evt_1","type":"customer.subscription.updated"}';

  it('accepts the signature of the exact body within five minutes', () => {
    const header = signPayload(body, SECRET, NOW);
    expect(verifySignature(Buffer.from(body), header, SECRET, NOW + 299)).toBe(true);
    expect(verifySignature(Buffer.from(body), header, SECRET, NOW + 301)).toBe(false);
  });

  it('refuses another body, another secret, a missing or malformed header', () => {
    const header = signPayload(body, SECRET, NOW);
    expect(verifySignature(Buffer.from(`${body} `), header, SECRET, NOW)).toBe(false);
    expect(verifySignature(Buffer.from(body), header, 'whsec_other', NOW)).toBe(false);
    expect(verifySignature(Buffer.from(body), undefined, SECRET, NOW)).toBe(false);
    expect(verifySignature(Buffer.from(body), `t=${NOW},v1=zz`, SECRET, NOW)).toBe(false);
    expect(verifySignature(Buffer.from(body), 'garbage', SECRET, NOW)).toBe(false);
  });

  it('accepts any one matching v1 among several (Stripe signs with old and new secrets while rolling)', () => {
    const good = signPayload(body, SECRET, NOW).split(',')[1];
    const header = `t=${NOW},v1=${'0'.repeat(64)},${good}`;
    expect(verifySignature(Buffer.from(body), header, SECRET, NOW)).toBe(true);
  });
});

describe('reading an event', () => {
  const parse = (event: object) => parseEvent(Buffer.from(JSON.stringify(event)));

  it('finds the subscription of a subscription event and of an invoice, in old and new API shapes', () => {
    expect(parse({ id: 'e1', type: 't', data: { object: { object: 'subscription', id: 'sub_1' } } })).toEqual(
      {
        id: 'e1',
        type: 't',
        subscriptionId: 'sub_1',
      },
    );
    expect(
      parse({ id: 'e2', type: 't', data: { object: { object: 'invoice', subscription: 'sub_2' } } }),
    ).toMatchObject({ subscriptionId: 'sub_2' });
    expect(
      parse({
        id: 'e3',
        type: 't',
        data: { object: { object: 'invoice', parent: { subscription_details: { subscription: 'sub_3' } } } },
      }),
    ).toMatchObject({ subscriptionId: 'sub_3' });
    expect(
      parse({ id: 'e4', type: 't', data: { object: { object: 'customer', id: 'cus_1' } } }),
    ).toMatchObject({ subscriptionId: null });
  });

  it('refuses what is not an event', () => {
    expect(() => parseEvent(Buffer.from('not json'))).toThrow();
    expect(() => parse({ type: 'no id' })).toThrow();
  });
});
