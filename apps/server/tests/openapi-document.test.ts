import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

interface Operation {
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { content?: Record<string, { schema?: Record<string, unknown> }>; headers?: object }
  >;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> };
};

let t: TestApp;
let document: Document;
let bytes: string;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  bytes = response.body;
  document = response.json();
});
afterAll(async () => {
  await t.close();
});

const operation = (method: string, path: string): Operation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
};

describe('the OpenAPI document', () => {
  it('is the committed one, byte for byte (run `vitest -u` after changing a call, and review the diff)', async () => {
    // Pretty-printed so a change reads as a diff; the bytes compared are the server's own.
    await expect(JSON.stringify(JSON.parse(bytes), null, 2) + '\n').toMatchFileSnapshot(
      './__snapshots__/openapi.json',
    );
  });

  it('declares the session for every learner call and none for calls anyone may make', () => {
    expect(operation('post', '/api/users/logout').security).toEqual([
      { cookie: [] },
      { bearer: [] },
      { accessTokenHeader: [] },
    ]);
    expect(operation('get', '/api/learning/overview').security).toHaveLength(3);
    expect(operation('post', '/api/users/login').security).toBeUndefined();
    expect(operation('get', '/api/health').security).toBeUndefined();
  });

  it('documents 204 with no body and 302 with its Location header, not as JSON', () => {
    expect(operation('post', '/api/users/logout').responses['204']).toEqual({ description: 'No content' });
    const redirect = operation('get', '/api/auth/social/{network}/start').responses['302'];
    expect(redirect?.content).toBeUndefined();
    expect(redirect?.headers).toHaveProperty('Location');
  });

  it('documents recordings and pictures as binary files of their media type', () => {
    expect(operation('get', '/audio/{language}/{file}').responses['200']?.content).toEqual({
      'audio/mpeg': { schema: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(operation('get', '/media/pictures/{file}').responses['200']?.content ?? {})).toEqual([
      'image/svg+xml',
    ]);
    expect(Object.keys(operation('get', '/api/avatars/{userId}').responses['200']?.content ?? {})).toEqual([
      'image/webp',
      'image/jpeg',
      'image/png',
    ]);
    // Refusals stay JSON.
    expect(Object.keys(operation('get', '/audio/{language}/{file}').responses['404']?.content ?? {})).toEqual(
      ['application/json'],
    );
  });

  it('states the account field rules the server enforces', () => {
    const register = document.components.schemas.RegisterRequest?.properties;
    expect(register?.name).toMatchObject({ minLength: 1, maxLength: 80 });
    expect(register?.email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    expect(register?.password).toMatchObject({ minLength: 6, maxLength: 200 });
  });
});

describe('methods a path does not take', () => {
  it('answer 405 with Allow, in the one error shape', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/feedback' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: expect.any(String) } });
  });

  it('include GET on a path that only takes POST (not the web app)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/feedback' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });

  it('find parametric paths too', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/lessons/12/exercises?x=1' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('leave unknown paths a 404', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
