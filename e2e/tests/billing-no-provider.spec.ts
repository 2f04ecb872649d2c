import { expect, newLearner, saveScreenshot, testOnOneOffServer } from '../fixtures/test.ts';

/*
 * Issue 29: a production server with no payment provider (no STRIPE_SECRET_KEY, no PAYMENTS=sandbox)
 * sells nothing. Its own server, since the suite's shared one runs the sandbox on purpose: the purchase
 * screens say subscriptions are unavailable, no form and no test card is offered, and the API refuses.
 */
const test = testOnOneOffServer({ PAYMENTS: '', STRIPE_SECRET_KEY: '' });

test('without a payment provider the purchase screens say subscriptions are unavailable', async ({
  page,
}) => {
  const registered = await page.request.post('/api/users/register', { data: newLearner() });
  expect(registered.status(), await registered.text()).toBe(200);

  const bought = await page.request.post('/api/billing/create-customer', {
    data: {
      planId: '1_year',
      paymentMethod: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
      freeWeek: true,
    },
  });
  expect(bought.status()).toBe(503);
  expect(((await bought.json()) as { error: { code: string } }).error.code).toBe('SUBSCRIPTIONS_UNAVAILABLE');

  for (const screen of ['/offer', '/limit']) {
    await page.goto(screen);
    // The first screen of a freshly started server can be slow on a busy machine: allow for it.
    await expect(page.getByTestId('subscriptions-unavailable')).toHaveText(
      'Subscriptions are not available at the moment.',
      { timeout: 15_000 },
    );
    await expect(page.getByRole('button', { name: /Start my free week|Go Premium/ })).toHaveCount(0);
    await expect(page.getByText('4242')).toHaveCount(0);
  }
  await saveScreenshot(page, 'billing-unavailable-limit-1280-en');
});
