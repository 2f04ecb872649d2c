import { closeWithEscape, expect, test } from '../fixtures/test.ts';
import { completeLesson, startTestCourse } from './dashboard-learner.ts';

/*
 * Issue 15: the dashboard's first screen comes from one learner request (GET /api/learning/dashboard);
 * the whole catalogue (GET /api/languages, every course with every text) is never read: a rules text
 * comes with its lesson (GET /api/lessons/{id}, ADR 027) when the learner opens it.
 */
test.describe('dashboard from one request', () => {
  test('the first screen never reads the catalogue; the pickers and panels show the course', async ({
    page,
    registerViaApi,
  }) => {
    await registerViaApi();
    const course = await startTestCourse(page.request, 'beginning');
    await completeLesson(page.request, course.lesson('Greetings', 'Hello').id);

    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
    });
    await page.goto('/dashboard');
    await expect(page.locator('.continue-card')).toContainText('Good morning');
    // As /endlesson says '1 of 2 lessons' (issue 29 item 16).
    await expect(page.locator('.topic', { hasText: 'Greetings' })).toContainText('1/2 lessons');
    await expect(page.getByTestId('status-points')).toHaveText('4');
    await expect(page.getByRole('button', { name: /Course\s*German/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Program\s*German for beginners/ })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(apiCalls).not.toContain('/api/languages');
    expect(apiCalls).not.toContain('/api/learning/overview');
    expect(apiCalls.filter((path) => path === '/api/learning/dashboard').length).toBeGreaterThanOrEqual(1);

    // The program picker lists the course's programs from the same answer.
    await page.getByRole('button', { name: /Program\s*German for beginners/ }).click();
    await expect(page.getByRole('menuitem', { name: /German for beginners/ })).toBeVisible();
    await closeWithEscape(page.getByRole('menu'));
    // The course picker reads the short course list when it opens, still not the catalogue.
    await page.getByRole('button', { name: /Course\s*German/ }).click();
    await expect(page.getByRole('menuitem', { name: /Japanese/ })).toHaveAttribute('data-disabled', '');
    await closeWithEscape(page.getByRole('menu'));
    expect(apiCalls).toContain('/api/courses');
    expect(apiCalls).not.toContain('/api/languages');

    // A rules text is read when the learner opens it.
    await page.getByRole('button', { name: 'Read Greetings: rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Greetings: rules' });
    await expect(dialog.getByText('Greetings', { exact: true })).toBeVisible();
    expect(apiCalls).toContain(`/api/lessons/${course.lesson('Greetings', 'Greetings: rules').id}`);
    expect(apiCalls).not.toContain('/api/languages');
  });
});
