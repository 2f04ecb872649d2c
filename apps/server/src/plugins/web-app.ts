import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { PHONE_APPS_PATH, shouldOfferPhoneApps, WEB_ON_PHONE_COOKIE } from '@parlo/core/devices/phone-apps';
import {
  acceptedLanguages,
  pickInterfaceLanguage,
  uiLanguageCookie,
} from '@parlo/core/i18n/interface-languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RUNS_WHEN_OVERLOADED } from './load-shedding.ts';
import { SESSION_COOKIE } from './sessions.ts';

const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The screens whose first paint is in the HTML (ADR 029), by address: their file in each language's folder. */
const prerenderedScreens: ReadonlyMap<string, string> = new Map([
  ['/', 'index.html'],
  ['/login', 'login.html'],
]);

/**
 * The prerendered first screen for this request, relative to the web build, or null for the plain shell.
 * The language is chosen as the browser chooses it (the saved choice, mirrored in a cookie; then the
 * browser's languages; then English), so the page React renders over it is the same. A request with a
 * session cookie gets the plain shell (/login sends them on; on / the router loads the dashboard, ADR 050).
 */
export function prerenderedFile(request: FastifyRequest, pathname: string): string | null {
  if (request.cookies[SESSION_COOKIE]) return null;
  const file = prerenderedScreens.get(pathname);
  if (!file) return null;
  const language = pickInterfaceLanguage(
    request.cookies[uiLanguageCookie],
    acceptedLanguages(request.headers['accept-language']),
  );
  return `prerendered/${language}/${file}`;
}

export interface WebAppOptions {
  /** The built web app (WEB_DIST_DIR), or apps/web/dist. */
  distDir?: string | undefined;
  /** A store listing is configured (APP_STORE_URL or PLAY_STORE_URL): phones are offered the apps. */
  appsListed?: boolean;
}

/**
 * Serves the built single-page app: real files when they exist, index.html for every other page so the
 * client router decides (unknown paths show the privacy text, SPEC §2). Nothing is served when the web
 * app has not been built (the API still works; `npm run dev` serves the web app through Vite).
 * A phone's page request is sent to the app offer here, before any page is served (issue 29): the page it
 * asked for (prerendered for a guest, ADR 029) is never drawn only to be replaced.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions = {}): Promise<void> {
  const { distDir, appsListed = false } = options;
  const root = path.resolve(distDir ?? defaultDist);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // Only reply.sendFile: the route below serves every file, so none of them counts against the API
    // rate limit (a page load fetches a dozen code-split chunks).
    serve: false,
    index: false,
    cacheControl: false,
    // The build writes `.br` and `.gz` beside each script and style (apps/web precompressed-assets.ts):
    // those are sent as they are, by the browser's Accept-Encoding; other files are gzipped per request.
    preCompressed: true,
  });
  app.get(
    '/*',
    { schema: { hide: true }, config: { rateLimit: false, [RUNS_WHEN_OVERLOADED]: true } },
    async (request, reply) => {
      let relative: string;
      try {
        relative = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
      } catch {
        return reply
          .code(400)
          .send({ error: { code: 'BAD_URL', message: 'The address is not a valid URL.' } });
      }
      // An API path no GET route answers: 405 if it takes another method, else 404 (plugins/errors.ts).
      if (relative.startsWith('api/')) return reply.callNotFound();
      const file = path.join(root, relative);
      if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        // Vite fingerprints assets, so they can be cached for a year; other files must stay fresh.
        const fingerprinted = relative.startsWith('assets/');
        reply.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A compressed copy answers by the browser's encodings: a cache must keep one per encoding.
        if (fingerprinted) reply.header('vary', 'Accept-Encoding');
        return reply.sendFile(relative);
      }
      reply.header('cache-control', 'no-cache');
      const pathname = `/${relative}`;
      // With apps listed the answer depends on the device and its choice: no cache may hand a phone's
      // redirect to a desktop.
      if (appsListed) reply.header('vary', 'Cookie, User-Agent');
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const visit = {
        pathname,
        search,
        userAgent: request.headers['user-agent'] ?? '',
        webChosen: request.cookies[WEB_ON_PHONE_COOKIE] === '1',
        appsListed,
      };
      if (shouldOfferPhoneApps(visit)) return reply.redirect(PHONE_APPS_PATH, 302);
      if (!prerenderedScreens.has(pathname)) return reply.sendFile('index.html');
      // One copy per language and per signed-in state (and device, above) in any cache on the way.
      reply.header('vary', appsListed ? 'Accept-Language, Cookie, User-Agent' : 'Accept-Language, Cookie');
      const prerendered = prerenderedFile(request, pathname);
      return reply.sendFile(
        prerendered && fs.existsSync(path.join(root, prerendered)) ? prerendered : 'index.html',
      );
    },
  );
}
