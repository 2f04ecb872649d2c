import { expect, newLearner, test } from '../fixtures/test.ts';
import { startTestCourse, testCourse } from './dashboard-learner.ts';

test.describe('onboarding: course, program, level, reminders', () => {
  test('a new learner goes from registration to a dashboard with the first lesson open', async ({ page }) => {
    const learner = newLearner({ name: 'Olga' });
    await page.goto('/register');
    await page.getByLabel('What should we call you?').fill(learner.name);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('How old are you?').fill(String(learner.age));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Your e-mail').fill(learner.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Create a password').fill(learner.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Step 1 of /select-course: the language the learner speaks, the interface's one chosen already.
    await expect(page).toHaveURL(/\/select-course$/);
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    const spoken = page.getByRole('group', { name: 'I speak…' });
    await expect(spoken.getByRole('radio', { name: 'Test learners' })).toBeVisible();
    await spoken.getByText('Test learners').click();
    await expect(spoken.getByRole('radio', { name: 'Test learners' })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: the courses of that language; a 'soon' course is shown but cannot be chosen.
    await expect(page.getByRole('heading', { name: 'I want to learn…' })).toBeVisible();
    const japanese = page.getByRole('button', { name: /Japanese/ });
    await expect(japanese).toBeVisible();
    await expect(japanese).toContainText('Coming soon');
    await expect(japanese).toBeDisabled();
    // The browser's back button returns to the languages.
    await page.goBack();
    await expect(page.getByRole('group', { name: 'I speak…' })).toBeVisible();
    await page.goForward();
    await page.getByRole('button', { name: /German/ }).click();

    await expect(page).toHaveURL(/\/select-program$/);
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await page.getByRole('button', { name: /German for beginners/ }).click();

    await expect(page).toHaveURL(/\/select-level$/);
    await page.getByRole('button', { name: /Start from the beginning/ }).click();

    await expect(page).toHaveURL(/\/select-reminders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up reminders' })).toBeVisible();
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    // Monday first; switch Sunday off and remind at 07:30, typed through the HH:MM mask.
    const days = page.getByRole('group', { name: 'Remind me on' }).getByRole('button');
    await expect(days).toHaveCount(7);
    await expect(days.first()).toHaveAccessibleName('Monday');
    await page.getByRole('button', { name: 'Sunday' }).click();
    await expect(page.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
    const time = page.getByLabel('Time', { exact: true });
    await time.fill('');
    await time.pressSequentially('730');
    await expect(time).toHaveValue('07:30');
    await page.getByRole('switch', { name: 'Motivation notifications' }).uncheck();
    await page.getByRole('button', { name: 'Save and start learning' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Reminder settings successfully updated')).toBeVisible();
    const me = (await (await page.request.get('/api/users/me')).json()) as {
      settings: { notificationDays: boolean[]; notificationTime: number; motivationNotification: boolean };
    };
    expect(me.settings).toMatchObject({
      notificationDays: [true, true, true, true, true, true, false],
      notificationTime: 450,
      motivationNotification: false,
    });

    // The topics of the program with their states; the first regular lesson is the one to play.
    await expect(page.getByRole('heading', { name: `Hi, ${learner.name}!` })).toBeVisible();
    const greetings = page.locator('.topic', { hasText: 'Greetings' });
    await expect(greetings).toContainText('In progress');
    await expect(page.locator('.topic', { hasText: 'Family' })).toContainText('Locked');
    await expect(page.locator('.topic', { hasText: 'Food' })).toContainText('Locked');
    await expect(page.locator('.topic--blitz')).toContainText('Blitz: the basics');
    await expect(greetings.getByRole('button', { name: 'Start Hello' })).toBeEnabled();
    await expect(greetings.getByRole('button', { name: 'Start Good morning' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Hello' })).toBeVisible();
    // The header pickers show the choice.
    await expect(page.getByRole('button', { name: /Course\s*German/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Program\s*German for beginners/ })).toBeVisible();
  });

  test("'I know the basics' skips the basic topics", async ({ page, registerViaApi }) => {
    await registerViaApi();
    const course = await testCourse(page.request);
    await page.goto('/select-program');
    // Without a chosen course the step says what to do first.
    await expect(page.getByText('Choose a course first.')).toBeVisible();
    await page.getByRole('link', { name: 'Choose a course' }).click();
    await page.getByText('Test learners').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /German/ }).click();
    await page.getByRole('button', { name: /German for beginners/ }).click();
    await page.getByRole('button', { name: /I know the basics/ }).click();
    await expect(page).toHaveURL(/\/select-reminders$/);
    await page.getByRole('link', { name: 'Skip for now' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('.topic', { hasText: 'Greetings' })).toContainText('Complete');
    await expect(page.locator('.topic', { hasText: 'Family' })).toContainText('Complete');
    const food = page.locator('.topic', { hasText: 'Food' });
    await expect(food).toContainText('In progress');
    await expect(food.getByRole('button', { name: 'Start Breakfast' })).toBeVisible();
    await expect(page.locator('.topic', { hasText: 'Travel' })).toContainText('Locked');
    const overview = (await (await page.request.get('/api/learning/overview')).json()) as {
      program: { currentTopicId: number };
    };
    expect(overview.program.currentTopicId).toBe(course.topic('Food').id);

    // Choosing the level again for a started course is not an error: the learner simply goes on.
    await page.goto('/select-level');
    await page.getByRole('button', { name: /Start from the beginning/ }).click();
    await expect(page).toHaveURL(/\/select-reminders$/);
  });

  test('the header course picker leads to the programs of a course', async ({ page, registerViaApi }) => {
    await registerViaApi();
    await page.goto('/select-course');
    await page.getByText('Test learners').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /German/ }).click();
    await page.getByRole('button', { name: /German for beginners/ }).click();
    await expect(page).toHaveURL(/\/select-level$/);

    await page.getByRole('button', { name: /Course\s*German/ }).click();
    await expect(page.getByRole('menuitem', { name: /Japanese/ })).toHaveAttribute('data-disabled', '');
    await page.getByRole('menuitem', { name: /German/ }).click();
    await expect(page).toHaveURL(/\/select-program$/);
    await expect(page.getByRole('button', { name: 'German for beginners', exact: true })).toBeVisible();
  });

  test('coming back to a course already started goes to the dashboard, not level and reminders', async ({
    page,
    registerViaApi,
  }) => {
    await registerViaApi();
    await startTestCourse(page.request, 'beginning');
    const levelCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/learning/level')) levelCalls.push(request.url());
    });
    await page.goto('/select-course');
    await page.getByText('Test learners').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('.course-card', { hasText: 'German' }).click();
    await page
      .getByRole('main')
      .getByRole('button', { name: /German for beginners/ })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Start Hello' }).first()).toBeVisible();
    expect(levelCalls).toEqual([]);
  });
});
