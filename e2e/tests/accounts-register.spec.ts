import { expect, newLearner, test } from '../fixtures/test.ts';

test.describe('registration', () => {
  test('runs the SPEC §5 checks step by step, then lands on /select-course', async ({ page }) => {
    const learner = newLearner({ name: 'Mariam' });
    await page.goto('/register');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();

    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await expect(page.getByText('Name is empty')).toBeVisible();
    await page.getByLabel('What should we call you?').fill('   ');
    await next.click();
    await expect(page.getByText('Name is empty')).toBeVisible();
    await page.getByLabel('What should we call you?').fill(learner.name);
    await expect(page.getByText('Name is empty')).toBeHidden();
    await next.click();

    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await next.click();
    await expect(page.getByText('Please enter your age')).toBeVisible();
    await page.getByLabel('How old are you?').fill('11');
    await next.click();
    await expect(page.getByRole('alert')).toHaveText('Parlo is for learners aged 13 and over');
    await page.getByLabel('How old are you?').fill(String(learner.age));
    await next.click();

    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await page.getByLabel('Your e-mail').fill('not-an-address');
    await next.click();
    await expect(page.getByText('E-mail is not valid')).toBeVisible();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();

    // Going back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('How old are you?')).toHaveValue(String(learner.age));
    await next.click();
    await page.getByLabel('Your e-mail').fill(learner.email);
    await next.click();

    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await page.getByLabel('Create a password').fill('12345');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('The password must be at least 6 characters long')).toBeVisible();
    await page.getByLabel('Create a password').fill(learner.password);
    const registered = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/register') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create account' }).click();
    // The account starts on the browser's clock (ADR 040).
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const answer = await registered;
    expect(answer.request().postDataJSON()).toMatchObject({ timeZone: browserZone });
    expect(await answer.json()).toMatchObject({ user: { settings: { timeZone: browserZone } } });

    await expect(page).toHaveURL(/\/select-course$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your course' })).toBeVisible();
    // The header now belongs to a signed-in learner.
    await expect(page.getByRole('button', { name: 'Profile and settings' })).toBeVisible();
  });

  test('an e-mail already in use sends the learner back to the e-mail step', async ({
    page,
    createAccount,
  }) => {
    const existing = await createAccount();
    await page.goto('/register');
    await page.getByLabel('What should we call you?').fill('Twin');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('How old are you?').fill('40');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Your e-mail').fill(existing.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Create a password').fill('another-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('User with this email already exists')).toBeVisible();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await expect(page.getByLabel('Your e-mail')).toHaveValue(existing.email);
  });

  test('validation messages are translated', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Interface language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByRole('alert')).toHaveText('Le prénom est vide');
  });
});
