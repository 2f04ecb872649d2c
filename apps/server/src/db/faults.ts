/**
 * Whether an error means "the database cannot be reached right now" (as opposed to a bug or bad data):
 * PostgreSQL restarting or terminating our connection, the network refusing or resetting it, the pool
 * timing out while connecting. These answer 503 DATABASE_UNAVAILABLE and the pool reconnects by itself.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown: pg_terminate_backend or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

// node-postgres reports a dropped socket or a connect timeout by message only.
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; follow the chain a few links at most.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (
      UNREACHABLE_MESSAGES.some((message) => current instanceof Error && current.message.includes(message))
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
