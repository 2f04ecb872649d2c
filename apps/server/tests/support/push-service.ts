import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface PushApiModelInstance {
  notifyUrl: string;
}
type WebPushTestingServer = new (
  model: PushApiModelInstance,
  port: number,
) => { _app: http.RequestListener; setRequestHandlers(): void };

/**
 * web-push-testing (a real push service: it checks the VAPID signature and decrypts RFC 8291 payloads),
 * bound to 127.0.0.1 on an ephemeral port. Its own start() listens on every interface at a fixed port.
 */
export async function startPushService() {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => PushApiModelInstance;
  };
  const Server = require('web-push-testing/src/server.js') as WebPushTestingServer;
  const model = new PushApiModel();
  const service = new Server(model, 0);
  service.setRequestHandlers();
  const server = http.createServer(service._app);
  // fetch keeps the socket for its next request; on a loaded machine that can come after node's 5 s
  // idle close and meet a reset socket.
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${base}/notify/`;

  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response;
  };
  return {
    /** What PushManager.subscribe() gives a page: endpoint and keys, plus the service's id for it. */
    async subscribe(applicationServerKey: string) {
      const response = await post('/subscribe', { applicationServerKey, userVisibleOnly: 'true' });
      const { data } = (await response.json()) as {
        data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
      };
      return data;
    },
    /** The decrypted payloads the device received. */
    async messages(clientHash: string): Promise<string[]> {
      const response = await post('/get-notifications', { clientHash });
      return ((await response.json()) as { data: { messages: string[] } }).data.messages;
    },
    /** The browser unsubscribed: the service answers 410 from now on. */
    async expire(clientHash: string) {
      await post(`/expire-subscription/${clientHash}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
