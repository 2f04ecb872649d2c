import Fastify from 'fastify';

/**
 * The baseline: the same Fastify as the app, one route answering a tiny JSON for every method and path, in
 * its own process. Its req/s is what "share of hello-world" divides by.
 */
const app = Fastify({ logger: false });
app.all('/*', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
