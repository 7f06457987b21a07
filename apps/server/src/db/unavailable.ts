/**
 * Whether a failure means "the database cannot be reached right now" (restart, failover, network) rather
 * than a bug. Such failures answer B0002 (HTTP 503) so clients and load balancers retry, and background work
 * keeps its data and retries later. Drivers wrap the original error (drizzle's DrizzleQueryError), so the
 * whole `cause` chain is examined.
 */

/** SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
// node-postgres reports lost or impossible connections with plain messages and no code.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|connection is closed|Query read timeout/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
