import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('operations', () => {
  it('reports health with the database up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
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
      ['post', '/api/users/change-password'],
      ['get', '/api/users/me'],
      ['get', '/api/users/{id}'],
      ['post', '/api/users/{id}/update'],
      ['post', '/api/settings/{id}/replace'],
      ['get', '/api/health'],
    ] as const;
    for (const [method, path] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation.responses).length, `${method} ${path} responses`).toBeGreaterThan(0);
      if (method === 'post' && !path.endsWith('logout'))
        expect(operation.requestBody, `${method} ${path} body`).toBeDefined();
    }
    expect(document.components.schemas).toHaveProperty('User');
    expect(document.components.schemas).toHaveProperty('Error');
  });
});
