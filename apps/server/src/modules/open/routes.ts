import type { FastifyInstance } from 'fastify';
import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { drawSentence, type IdRanges } from './service.js';

export const OPEN_PREFIX = '/api/v1/open/';

export function openHandlers({ db, runtime }: ModuleDeps<never, { openRanges: IdRanges }>) {
  return defineHandlers({
    openSentence: async ({ req, caller, query }) => drawSentence(db, runtime.openRanges, req, caller, query),
  });
}

/**
 * Other sites may call the open API from the browser: CORS `*` without credentials on this path only (errors
 * and rate-limit answers included), and no caching that would serve one reader's draw to the next.
 */
export function registerOpenApiHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith(OPEN_PREFIX)) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After');
    reply.header('cache-control', 'no-cache');
  });
  app.options(`${OPEN_PREFIX}*`, { schema: { hide: true } }, async (_req, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'GET, OPTIONS')
      .header('access-control-allow-headers', 'Content-Type')
      .header('access-control-max-age', '86400')
      .send(),
  );
}
