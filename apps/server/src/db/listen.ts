import type { Client } from 'pg';

/** What a channel's listener is told. */
export interface ChannelHandlers {
  message(payload: string): void;
  /**
   * Messages may have been missed: the connection dropped, or listening (re)started. Whatever was kept
   * on the strength of the messages must be dropped.
   */
  gap(): void;
}

export interface ChannelListener {
  /** True while the connection is up and listening: only then does silence mean nothing happened. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** Starts listening on `channel` (a constant lower-case name); the app closes the listener with itself. */
export type Listen = (channel: string, handlers: ChannelHandlers) => Promise<ChannelListener>;

const RECONNECT_MS = 1_000;

/**
 * PostgreSQL LISTEN on a connection of its own: a pool hands its connections to any query, while LISTEN
 * belongs to one session. A lost connection is reported as a gap and made again every second until
 * PostgreSQL is back; a failed first connection does not stop the server, it just listens later.
 */
export function postgresListen(url: string, onFault: (error: Error) => void = () => {}): Listen {
  return async (channel, handlers) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    const { default: pg } = await import('pg');
    let current: Client | null = null;
    let listening = false;
    let closed = false;
    let retry: NodeJS.Timeout | null = null;

    const lost = (client: Client) => {
      if (current !== client) return;
      current = null;
      if (listening) {
        listening = false;
        handlers.gap();
      }
      client.end().catch(() => {});
      if (!closed) {
        retry = setTimeout(() => void connect(), RECONNECT_MS);
        retry.unref();
      }
    };

    const connect = async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
      current = client;
      client.on('notification', (notification) => {
        if (notification.channel === channel && notification.payload !== undefined) {
          handlers.message(notification.payload);
        }
      });
      client.on('error', (error) => {
        onFault(error);
        lost(client);
      });
      client.on('end', () => lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
        if (closed || current !== client) return;
        listening = true;
        handlers.gap();
      } catch (error) {
        onFault(error instanceof Error ? error : new Error(String(error)));
        lost(client);
      }
    };

    await connect();
    return {
      get listening() {
        return listening;
      },
      async close() {
        closed = true;
        listening = false;
        if (retry) clearTimeout(retry);
        const client = current;
        current = null;
        await client?.end().catch(() => {});
      },
    };
  };
}
