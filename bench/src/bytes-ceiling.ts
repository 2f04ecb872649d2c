import { spawn } from 'node:child_process';
import { closedLoop } from './load.ts';

/**
 * How many answers of N bytes a second the bench's client reads from a bare Fastify on this machine:
 * `node --import tsx bench/src/bytes-ceiling.ts 4300 19900 133700 596900`. A row whose answer is large (the
 * catalogue's outline and whole document) is bound by this ceiling, not by the server; compare Parlo's row
 * with the ceiling at its answer's size (bench/README.md, issue 32).
 */
/** A line on the terminal (the lint keeps console out of code). */
const say = (text: string) => void process.stdout.write(`${text}\n`);

const sizes = process.argv.slice(2).map(Number);
if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size <= 0)) {
  say('usage: bytes-ceiling.ts <bytes> [<bytes> …]');
  process.exit(2);
}

// Random bytes, sent as they are (the client does not decode them), like Parlo's precompressed answers.
const server = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify';
     import crypto from 'node:crypto';
     const bodies = new Map();
     const app = Fastify({ logger: false });
     app.get('/bytes/:size', async (request, reply) => {
       const size = Number(request.params.size);
       if (!bodies.has(size)) bodies.set(size, crypto.randomBytes(size));
       return reply.header('content-type', 'application/json').header('content-encoding', 'br').send(bodies.get(size));
     });
     process.stdout.write('listening ' + (await app.listen({ host: '127.0.0.1', port: 0 })) + '\\n');`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
try {
  const url = await new Promise<string>((resolve, reject) => {
    server.on('exit', (code) => reject(new Error(`the bare Fastify exited with ${code}`)));
    server.stdout.on('data', (chunk: Buffer) => {
      const listening = /listening (\S+)/.exec(String(chunk));
      if (listening?.[1]) resolve(listening[1]);
    });
  });
  for (const size of sizes) {
    const next = () => ({ method: 'GET' as const, path: `/bytes/${size}` });
    await closedLoop(url, next, { seconds: 1 }); // warm-up, not measured
    const { requestsPerSecond } = await closedLoop(url, next, { seconds: 3 });
    const megabytes = (requestsPerSecond * size) / 1e6;
    say(`${size} bytes: ${Math.round(requestsPerSecond)} req/s, ${megabytes.toFixed(1)} MB/s`);
  }
} finally {
  server.kill();
}
