import { expect, test, useInterfaceLanguage } from '../fixtures/test.ts';
import { enrolLearner } from './player-helpers.ts';

// German's long words ('Benachrichtigungen') once widened the reminders panel past its card on a phone; the
// page itself did not scroll sideways, so only the card's own edge shows it.
test('the reminders panel stays inside its card on a phone in German', async ({ page }) => {
  await useInterfaceLanguage(page, 'de');
  await enrolLearner(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profil und Einstellungen' }).click();
  await page.locator('nav.settings-menu').getByRole('button', { name: 'Erinnerungen' }).click();
  const form = page.locator('form.reminders-form');
  await expect(form).toBeVisible();
  const card = await page.locator('.dashboard__main').boundingBox();
  const inside = await form.boundingBox();
  const lastDay = await page.locator('.weekday-toggle').last().boundingBox();
  expect(card && inside && lastDay).toBeTruthy();
  if (!card || !inside || !lastDay) return;
  expect(inside.x + inside.width).toBeLessThanOrEqual(card.x + card.width);
  expect(lastDay.x + lastDay.width).toBeLessThanOrEqual(card.x + card.width);
});
