import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { health } from '@parlo/contract/health';
import { createTestApp, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('operations', () => {
  it('reports health with the database up', async () => {
    const response = await injectCall(t.app, health);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sends security headers', async () => {
    const response = await injectCall(t.app, health);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('answers unknown API paths with the one error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('publishes an OpenAPI document with request and response schemas for every route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const expected = [
      ['post', '/api/users/register'],
      ['post', '/api/users/login'],
      ['post', '/api/users/logout'],
      ['post', '/api/users/reset'],
      ['post', '/api/users/reset/confirm'],
      ['post', '/api/users/verify-email/send'],
      ['post', '/api/users/verify-email/confirm'],
      ['post', '/api/users/change-password'],
      ['get', '/api/users/me'],
      ['get', '/api/users/session'],
      ['get', '/api/users/{id}'],
      ['post', '/api/users/{id}/update'],
      ['post', '/api/upload/avatar'],
      ['get', '/api/avatars/{userId}'],
      ['post', '/api/settings/{id}/replace'],
      ['get', '/api/health'],
      ['get', '/api/languages'],
      ['get', '/api/languages/{languageId}/outline'],
      ['get', '/api/courses'],
      ['get', '/api/lessons/{lessonId}/exercises'],
      ['get', '/api/lessons/{lessonId}'],
      ['get', '/api/exercises'],
      ['get', '/api/exercises/{exerciseId}'],
      ['get', '/api/status'],
      ['get', '/api/get-config'],
      ['post', '/api/learning/course'],
      ['post', '/api/learning/level'],
      ['get', '/api/learning/overview'],
      ['get', '/api/learning/dashboard'],
      ['post', '/api/learning/reset'],
      ['post', '/api/lessons/{lessonId}/start'],
      ['post', '/api/lessons/{lessonId}/complete'],
      ['get', '/api/blitz/{topicId}/exercises'],
      ['post', '/api/blitz/{topicId}/complete'],
      ['post', '/api/learningProgress/{id}/replace'],
      ['get', '/api/review/practice'],
      ['post', '/api/review/practice/complete'],
      ['get', '/api/review/words'],
      ['put', '/api/statistics/{id}'],
      ['post', '/api/feedback'],
      ['get', '/api/leaderboard'],
      ['get', '/api/billing/subscription'],
      ['post', '/api/billing/quote'],
      ['post', '/api/billing/create-customer'],
      ['post', '/api/billing/subscription'],
      ['post', '/api/billing/cancel-subscription'],
      ['post', '/api/billing/resume-subscription'],
      ['post', '/api/billing/change-card'],
      ['post', '/api/billing/sandbox/authenticate'],
      ['post', '/api/billing/webhook'],
      ['get', '/audio/{language}/{file}'],
      ['get', '/audio/static/{file}'],
      ['get', '/media/pictures/{file}'],
      ['get', '/media/pictures/bw/{file}'],
      ['get', '/api/auth/social/providers'],
      ['get', '/api/auth/social/{network}/start'],
      ['get', '/api/auth/social/{network}/callback'],
      ['get', '/api/auth/social/sign-up'],
      ['post', '/api/auth/social/sign-up'],
      ['post', '/api/users/social'],
      ['get', '/api/users/me/connections'],
      ['post', '/api/users/me/connections/{network}/unlink'],
      ['get', '/api/push/public-key'],
      ['post', '/api/push/subscriptions'],
      ['post', '/api/push/subscriptions/remove'],
      ['get', '/api/notifications'],
      ['post', '/api/notifications/read'],
      ['post', '/api/reminders/unsubscribe'],
      ['post', '/api/reminders/unsubscribe/one-click'],
      ['get', '/api/reminders/unsubscribe/one-click'],
      ['get', '/api/banners/random'],
      ['post', '/api/banners/click'],
      ['get', '/media/ads/{file}'],
    ] as const;
    for (const [method, path] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation.responses).length, `${method} ${path} responses`).toBeGreaterThan(0);
      // The social sign-in browser flow answers with redirects (302).
      const successCodes = Object.keys(operation.responses).filter(
        (code) => code.startsWith('2') || code === '302',
      );
      expect(successCodes.length, `${method} ${path} success`).toBeGreaterThan(0);
      // The avatar upload is multipart (a file), described by its summary rather than a JSON schema.
      const bodiless = [
        'logout',
        'start',
        'learning/reset',
        'upload/avatar',
        'unlink',
        'verify-email/send',
      ].some((end) => path.endsWith(end));
      if ((method === 'post' || method === 'put') && !bodiless) {
        expect(operation.requestBody, `${method} ${path} body`).toBeDefined();
      }
    }
    expect(document.components.schemas).toHaveProperty('User');
    expect(document.components.schemas).toHaveProperty('Error');
    expect(document.components.schemas).toHaveProperty('LessonCompletion');
    expect(document.components.schemas).toHaveProperty('Catalogue');
    expect(document.components.schemas).toHaveProperty('CatalogueOutline');
    // Every route the server knows is documented (the OpenAPI route itself and static files aside).
    const documented = Object.values(document.paths as Record<string, object>).reduce(
      (count, operations) => count + Object.keys(operations).length,
      0,
    );
    expect(documented).toBe(expected.length);
  });
});
