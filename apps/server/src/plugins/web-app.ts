import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built single-page app: real files when they exist, index.html for every other page so the
 * client router decides (unknown paths show the privacy text, SPEC §2). Nothing is served when the web
 * app has not been built (the API still works; `npm run dev` serves the web app through Vite).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
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
  });
  app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    let relative: string;
    try {
      relative = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
    } catch {
      return reply.code(400).send({ error: { code: 'BAD_URL', message: 'The address is not a valid URL.' } });
    }
    if (relative.startsWith('api/')) {
      return reply
        .code(404)
        .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}` } });
    }
    const file = path.join(root, relative);
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // Vite fingerprints assets, so they can be cached for a year; other files must stay fresh.
      const fingerprinted = relative.startsWith('assets/');
      return reply
        .header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(relative);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
