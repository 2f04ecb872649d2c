import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const isTransactionControl = (text: string) => /^\s*(begin|commit|rollback)\b/i.test(text);

/** Counts the statements sent to the database during `work` (transaction control left out). */
export async function countStatements(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const record = (query: unknown) => {
    const text = typeof query === 'string' ? query : ((query as { text?: string })?.text ?? '');
    if (!isTransactionControl(text)) sent.push(text);
  };
  // node-postgres: every statement, pooled or in a transaction, goes through Client#query.
  const pgQuery = pg.Client.prototype.query;
  // PGlite: statements outside a transaction go through PGlite#query, inside through the transaction's own.
  const pgliteQuery = PGlite.prototype.query;
  const pgliteTransaction = PGlite.prototype.transaction;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    record(args[0]);
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  PGlite.prototype.query = function (this: PGlite, ...args: unknown[]) {
    record(args[0]);
    return (pgliteQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgliteQuery;
  PGlite.prototype.transaction = function (this: PGlite, callback: (tx: never) => Promise<unknown>) {
    return pgliteTransaction.call(this, (tx) => {
      const txQuery = tx.query.bind(tx);
      const counted = Object.create(tx) as typeof tx;
      counted.query = ((...args: Parameters<typeof tx.query>) => {
        record(args[0]);
        return txQuery(...args);
      }) as typeof tx.query;
      return callback(counted as never);
    });
  } as typeof pgliteTransaction;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = pgQuery;
    PGlite.prototype.query = pgliteQuery;
    PGlite.prototype.transaction = pgliteTransaction;
  }
  return sent;
}

/**
 * The names of the statements PGlite runs by protocol (ADRs 030, 032, 036) during `work`, from their Bind
 * messages. PGlite's `query` never sees them; on PostgreSQL this stays empty (node-postgres sends a named
 * statement through Client#query with its text, so `countStatements` counts it).
 */
export async function namedExecutions(work: () => Promise<unknown>): Promise<string[]> {
  const named: string[] = [];
  const execProtocol = PGlite.prototype.execProtocol;
  PGlite.prototype.execProtocol = function (this: PGlite, message, options) {
    // Bind ('B', length, portal, statement): a named statement's name.
    if (message[0] === 66) {
      const portalEnd = message.indexOf(0, 5);
      const statementEnd = message.indexOf(0, portalEnd + 1);
      const name = new TextDecoder().decode(message.subarray(portalEnd + 1, statementEnd));
      if (name) named.push(name);
    }
    return execProtocol.call(this, message, options);
  };
  try {
    await work();
    return named;
  } finally {
    PGlite.prototype.execProtocol = execProtocol;
  }
}

/** As `countStatements`, plus PGlite's named statements as `execute <name>` (see `namedExecutions`). */
export async function countStatementsAndNamed(work: () => Promise<unknown>): Promise<string[]> {
  let sent: string[] = [];
  const named = await namedExecutions(async () => {
    sent = await countStatements(work);
  });
  return [...sent, ...named.map((name) => `execute ${name}`)];
}
