import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login } from '@parlo/contract/accounts';
import { callUrl } from '@parlo/contract/call';
import { sendFeedback } from '@parlo/contract/feedback';
import { health } from '@parlo/contract/health';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/*
 * Issue 30 item 13: a client that hangs up in the middle of its request is not the database going away.
 * Node reports the hang-up as an `ECONNRESET` "aborted" error on the request; it was logged as "database
 * unavailable" and made the health check forget the database was up.
 */

let t: TestApp;
let app: FastifyInstance;
const logLines: Array<Record<string, unknown>> = [];
/** The health check's probes of the database (its `select 1`). */
let probes = 0;

beforeAll(async () => {
  t = await createTestApp();
  const counted = new Proxy(t.database.db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        // The health probe's `select 1`, not the rate-limit store's statements.
        const chunks = (args[0] as { queryChunks?: Array<{ value?: unknown }> }).queryChunks;
        if (chunks?.length === 1 && String(chunks[0]?.value).trim() === 'select 1') probes += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Database;
  app = await buildApp(
    {
      env: { ...t.env, LOG_LEVEL: 'info' },
      db: counted,
      mailer: { send: async () => {} },
      now: () => t.clock.now,
      push: t.push,
    },
    { logStream: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>) } },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

function port(): number {
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return address.port;
}

/** Sends the headers and part of a JSON body, then hangs up; resolves once the server logged the request. */
async function hangUpMidBody(path: string): Promise<void> {
  const before = logLines.length;
  const socket = net.connect(port(), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  // Only these raw sockets reach the HTTP server (the other requests are injected): its next request is ours.
  const received = new Promise<IncomingMessage>((resolve) => app.server.once('request', resolve));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text":"half`,
  );
  const request = await received;
  // Mid-body: once the route reads the body, after its hooks (on PostgreSQL, the rate limit's count).
  await vi.waitFor(() => expect(request.readableFlowing).toBe(true), { timeout: 5_000, interval: 5 });
  socket.destroy();
  await vi.waitFor(
    () =>
      expect(
        logLines
          .slice(before)
          .some(
            (line) => line.msg === 'request aborted by the client' || line.msg === 'database unavailable',
          ),
      ).toBe(true),
    { timeout: 5_000, interval: 20 },
  );
}

describe('a client hanging up mid-request', () => {
  it('is logged as an aborted request, not as the database being unavailable', async () => {
    const from = logLines.length;
    await hangUpMidBody(callUrl(sendFeedback));
    const lines = logLines.slice(from);
    expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
    const aborted = lines.filter((line) => line.msg === 'request aborted by the client');
    expect(aborted).toHaveLength(1);
    expect(aborted[0]?.level).toBe(30);
  });

  it('does not make the health check think the database went away', async () => {
    // The health check reuses an "up" for a second; a request that found the database away would make
    // the next check probe again. Repeated when the machine is too slow to stay within that second.
    let probedAgain = -1;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const started = performance.now();
      expect((await injectCall(app, health)).statusCode).toBe(200);
      const probesBefore = probes;
      await hangUpMidBody(callUrl(login));
      expect((await injectCall(app, health)).statusCode).toBe(200);
      if (performance.now() - started > 800) continue;
      probedAgain = probes - probesBefore;
      break;
    }
    expect(probedAgain).toBe(0);
  });
});
