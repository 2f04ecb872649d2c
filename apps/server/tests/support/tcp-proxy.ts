import net from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL that a test can cut and restore, as a restart, a failover
 * or a network fault would: `cut()` drops every open connection and refuses new ones until `restore()`.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        if (typeof address === 'object' && address) port = address.port;
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Rewrites a connection URL to go through this proxy. */
    via(url: string): string {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    restore: listen,
    async close() {
      if (server) await this.cut();
    },
  };
}
