import { statementListeners } from '../../src/db/client.ts';

const isTransactionControl = (text: string) => /^\s*(begin|commit|rollback)\b/i.test(text);
/** A hot statement's text starts with its name as a comment (`namedStatement`, ADR 026). */
const namedStatement = /^\/\* ([a-z_]+) \*\//;

/**
 * The statements the app sends through drizzle during `work` (its public logger, `statementListeners`),
 * on either engine, transaction control left out. A hot statement is listed as `execute <name>`.
 */
export async function countStatements(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const record = (text: string) => {
    if (isTransactionControl(text)) return;
    const named = namedStatement.exec(text);
    sent.push(named ? `execute ${named[1]}` : text);
  };
  statementListeners.add(record);
  try {
    await work();
  } finally {
    statementListeners.delete(record);
  }
  return sent;
}

/** The names of the hot statements run during `work`, in order. */
export async function namedExecutions(work: () => Promise<unknown>): Promise<string[]> {
  return (await countStatements(work))
    .filter((text) => text.startsWith('execute '))
    .map((text) => text.slice('execute '.length));
}
