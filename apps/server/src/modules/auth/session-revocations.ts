import { randomUUID } from 'node:crypto';
import type { ChannelListener, Listen } from '../../db/listen.ts';
import { SESSION_REVOCATION_ACKS_CHANNEL, SESSION_REVOCATIONS_CHANNEL } from './session.repository.ts';

/** One revocation as it travels between instances. */
export type Revocation = { sessionId: string } | { userId: string; keep: string | null };

interface Announced {
  revocation: Revocation;
  /** Names the announcement in the instances' acknowledgements. */
  nonce: string;
}

/** How long a revoking instance waits for every instance to acknowledge before it answers anyway. */
const ACK_WAIT_MS = 2_000;

/** What the feed needs of the database besides listening: acknowledging, and counting the instances. */
export interface RevocationPeers {
  acknowledge(nonce: string): Promise<void>;
  /** The instances listening now, this one included. */
  listeners(): Promise<number>;
}

/**
 * Revocations shared by every instance on one PostgreSQL (issue 30): each instance listens on one channel
 * and forgets what another one revoked as the announcement arrives, instead of holding it for up to
 * SESSION_HOLD_MS (ADR 022), then acknowledges it. The revoking instance answers once every listening
 * instance has acknowledged (at most ACK_WAIT_MS), so a request that follows the answer, on any instance,
 * finds the session gone. While the listening connection is down an instance holds nothing (`live` is
 * false) and reads every session, since it could miss an announcement.
 */
export interface RevocationFeed {
  /** Whether held sessions may be trusted now. */
  readonly live: boolean;
  /** The payload to announce `revocation` with, and a promise that settles when every instance has it. */
  prepare(revocation: Revocation): { payload: string; echoed: () => Promise<void> };
  close(): Promise<void>;
}

export async function revocationFeed(
  listen: Listen,
  peers: RevocationPeers,
  handlers: { revoked(revocation: Revocation): void; gap(): void },
): Promise<RevocationFeed> {
  /** Acknowledgements counted per announcement of this instance, until it stops waiting. */
  const acks = new Map<string, { count: number; changed: () => void }>();
  const listener: ChannelListener = await listen(SESSION_REVOCATIONS_CHANNEL, {
    message(payload) {
      let announced: Announced;
      try {
        announced = JSON.parse(payload) as Announced;
      } catch {
        handlers.gap(); // not ours to read: safest to drop everything held
        return;
      }
      handlers.revoked(announced.revocation);
      // Applied: say so. A lost acknowledgement only makes the revoker wait out ACK_WAIT_MS.
      peers.acknowledge(announced.nonce).catch(() => undefined);
    },
    gap: handlers.gap,
  });
  const acknowledgements: ChannelListener = await listen(SESSION_REVOCATION_ACKS_CHANNEL, {
    message(nonce) {
      const waiting = acks.get(nonce);
      if (!waiting) return;
      waiting.count += 1;
      waiting.changed();
    },
    gap: () => undefined,
  });
  return {
    get live() {
      return listener.listening;
    },
    prepare(revocation) {
      const nonce = randomUUID();
      const waiting = { count: 0, changed: () => {} };
      acks.set(nonce, waiting);
      return {
        payload: JSON.stringify({ revocation, nonce } satisfies Announced),
        async echoed() {
          try {
            // Not listening: nothing is held here, and no acknowledgement could be heard.
            if (!listener.listening || !acknowledgements.listening) return;
            const expected = Math.max(1, await peers.listeners().catch(() => 1));
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, ACK_WAIT_MS);
              waiting.changed = () => {
                if (waiting.count < expected) return;
                clearTimeout(timer);
                resolve();
              };
              waiting.changed();
            });
          } finally {
            acks.delete(nonce);
          }
        },
      };
    },
    close: async () => {
      await Promise.all([listener.close(), acknowledgements.close()]);
    },
  };
}
