import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

/*
 * ADR 029: `/` and `/login` come prerendered in the learner's interface language, chosen as the browser
 * chooses it (the saved choice's cookie, then Accept-Language, then English); a signed-in browser and
 * every other address get the plain shell. A web build stand-in: each file says which it is.
 */
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-web-app-'));
  fs.writeFileSync(path.join(dist, 'index.html'), 'shell');
  for (const language of ['en', 'de', 'ar']) {
    fs.mkdirSync(path.join(dist, 'prerendered', language), { recursive: true });
    fs.writeFileSync(path.join(dist, 'prerendered', language, 'index.html'), `landing ${language}`);
    fs.writeFileSync(path.join(dist, 'prerendered', language, 'login.html'), `login ${language}`);
  }
  app = Fastify();
  await app.register(cookie);
  await registerWebApp(app, dist);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return {
    body: response.body,
    vary: response.headers.vary,
    cacheControl: response.headers['cache-control'],
  };
}

describe('the first screen in the HTML (ADR 029)', () => {
  it('follows Accept-Language, most wanted first, and says that it varies', async () => {
    expect(await page('/', { 'accept-language': 'nl;q=1, de-CH;q=0.8, ar;q=0.5' })).toEqual({
      body: 'landing de',
      vary: 'Accept-Language, Cookie',
      cacheControl: 'no-cache',
    });
    expect((await page('/login', { 'accept-language': 'ar-EG' })).body).toBe('login ar');
  });

  it('prefers the saved choice in the cookie over the browser languages', async () => {
    const headers = { 'accept-language': 'de', cookie: 'parlo-ui-language=ar' };
    expect((await page('/', headers)).body).toBe('landing ar');
    expect((await page('/login?next=1', headers)).body).toBe('login ar');
  });

  it('falls back to English for unknown languages and a forged cookie', async () => {
    expect((await page('/', { 'accept-language': 'ja, nl' })).body).toBe('landing en');
    expect((await page('/', { cookie: 'parlo-ui-language=../../etc' })).body).toBe('landing en');
    expect((await page('/')).body).toBe('landing en');
  });

  it('gives a browser with a session the plain shell: its / is the dashboard', async () => {
    const signedIn = await page('/', { 'accept-language': 'de', cookie: 'accessToken=abc' });
    expect(signedIn).toEqual({ body: 'shell', vary: 'Accept-Language, Cookie', cacheControl: 'no-cache' });
    expect((await page('/login', { cookie: 'accessToken=abc' })).body).toBe('shell');
  });

  it('gives every other page the plain shell, and the shell when a language was not prerendered', async () => {
    expect(await page('/register', { 'accept-language': 'de' })).toEqual({
      body: 'shell',
      vary: undefined,
      cacheControl: 'no-cache',
    });
    expect((await page('/dashboard', { 'accept-language': 'de' })).body).toBe('shell');
    expect((await page('/', { 'accept-language': 'fr' })).body).toBe('shell');
  });
});

/*
 * ADR 042: a browser with a session opening on the dashboard (`/dashboard`, or `/`) gets the shell with the
 * dashboard's files preloaded, when the build wrote it; a guest there, and every other page, do not.
 */
describe("the signed-in dashboard's shell (ADR 042)", () => {
  let withDashboard: FastifyInstance;
  let dashboardDist: string;

  beforeAll(async () => {
    dashboardDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-web-app-dashboard-'));
    fs.writeFileSync(path.join(dashboardDist, 'index.html'), 'shell');
    fs.mkdirSync(path.join(dashboardDist, 'prerendered', 'en'), { recursive: true });
    fs.writeFileSync(path.join(dashboardDist, 'prerendered', 'en', 'index.html'), 'landing en');
    fs.writeFileSync(path.join(dashboardDist, 'prerendered', 'dashboard.html'), 'dashboard shell');
    withDashboard = Fastify();
    await withDashboard.register(cookie);
    await registerWebApp(withDashboard, dashboardDist);
  });

  afterAll(async () => {
    await withDashboard.close();
    fs.rmSync(dashboardDist, { recursive: true, force: true });
  });

  const served = async (url: string, headers: Record<string, string> = {}) => {
    const response = await withDashboard.inject({ method: 'GET', url, headers });
    return { body: response.body, vary: response.headers.vary };
  };

  it('sends it to a browser with a session on /dashboard and /, and says that it varies', async () => {
    const session = { cookie: 'accessToken=abc' };
    expect(await served('/dashboard', session)).toEqual({
      body: 'dashboard shell',
      vary: 'Accept-Language, Cookie',
    });
    expect((await served('/dashboard/', session)).body).toBe('shell');
    expect((await served('/', session)).body).toBe('dashboard shell');
  });

  it('sends a guest the landing or the plain shell, and other pages the plain shell', async () => {
    expect(await served('/dashboard')).toEqual({ body: 'shell', vary: 'Accept-Language, Cookie' });
    expect((await served('/')).body).toBe('landing en');
    expect((await served('/login', { cookie: 'accessToken=abc' })).body).toBe('shell');
    expect((await served('/settings', { cookie: 'accessToken=abc' })).body).toBe('shell');
  });
});
