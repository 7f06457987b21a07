/**
 * The security headers of every answer (CSP, nosniff, referrer policy, cross-origin policies…), as helmet writes
 * them, computed once at start. @fastify/helmet builds a new helmet middleware for every request, which re-parses
 * the CSP directives each time; the headers never change, so we keep them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for these options, by running its middleware once against a recording response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, next) => {
    reply.headers(headers);
    next();
  });
}
