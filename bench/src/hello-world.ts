import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

/**
 * The baseline: the same Fastify as the app, in its own process, answering a tiny JSON for every method and
 * path — or, at `/bytes/N`, N random bytes (made once, sent as they are, like Parlo's precompressed
 * catalogue), so a row whose answer is large is divided by what any server can send of that size here, not
 * by a tiny answer (issue 32: the bench client reads at most ~100 MB/s on this machine). Its req/s is what
 * "share of hello-world" divides by.
 */
const app = Fastify({ logger: false });
const bodies = new Map<number, Buffer>();
app.get<{ Params: { size: string } }>('/bytes/:size', async (request, reply) => {
  const size = Number(request.params.size);
  let body = bodies.get(size);
  if (!body) bodies.set(size, (body = randomBytes(size)));
  return reply.header('content-type', 'application/json').header('content-encoding', 'br').send(body);
});
app.all('/*', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
