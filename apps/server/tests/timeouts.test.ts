import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTimeouts } from '../src/app.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

describe('a slow client cannot hold the process', () => {
  it('sets request, headers, keep-alive and idle-socket limits on the real HTTP server', () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBe(serverTimeouts.requestTimeout);
    expect(server.headersTimeout).toBe(serverTimeouts.headersTimeout);
    expect(server.keepAliveTimeout).toBe(serverTimeouts.keepAliveTimeout);
    expect(server.timeout).toBe(serverTimeouts.connectionTimeout);
    expect(serverTimeouts.headersTimeout).toBeLessThanOrEqual(serverTimeouts.requestTimeout);
  });

  it('closes an idle keep-alive connection after the keep-alive limit', async () => {
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    const socket = net.connect(address.port, '127.0.0.1');
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    let answered = 0;
    socket.on('data', () => (answered = Date.now()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const closedAt = await closed;
    expect(answered).toBeGreaterThan(0);
    // Node closes it a little after the limit; never holds it for the 60 s idle-socket limit.
    expect(closedAt - answered).toBeGreaterThanOrEqual(serverTimeouts.keepAliveTimeout - 500);
    expect(closedAt - answered).toBeLessThan(serverTimeouts.keepAliveTimeout + 3_000);
  });
});
