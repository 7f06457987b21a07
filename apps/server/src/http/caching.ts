/**
 * HTTP caching of what every visitor sees alike, so a CDN or a reverse proxy in front of several processes can answer
 * it: public GET calls and the server-rendered pages. One policy for both:
 * - a visitor's successful answer is `public` for shared caches only (`s-maxage`, `stale-while-revalidate`), never
 *   for the browser's own cache (`max-age=0`: the app's reads stay as fresh as the server's micro-caches);
 * - what a user controls the visibility of (profiles, 收藏夹) uses the short end;
 * - any answer to a request that carries a token, sets a cookie or failed is `private, no-store`;
 * - every cacheable answer has a weak `ETag` of its bytes and a matching `If-None-Match` gets `304`;
 * - `Vary: Authorization` (and `Cookie` on pages, whose 繁體 variant a cookie picks).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef, CallId } from '@shiju/contract';

export const PUBLIC_FRESHNESS = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
export const SHORT_FRESHNESS = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';
export const PRIVATE = 'private, no-store';

export type Freshness = 'public' | 'short' | 'never';

/** GET calls whose answer changes with each request or is a step of a flow: never stored by a shared cache. */
const NEVER: ReadonlySet<CallId> = new Set<CallId>(['health', 'ready', 'appLogin', 'adsFrequency', 'openSentence']);
/** GET calls showing what a user can make private at any moment: the short end. */
const SHORT: ReadonlySet<CallId> = new Set<CallId>([
  'userProfile',
  'userRelations',
  'userLikes',
  'userCollects',
  'userCollections',
  'collection',
  'collectionItems',
]);

/** Server-rendered pages showing what a user can make private at any moment. */
const SHORT_PAGES: ReadonlySet<string> = new Set(['/othersInfor', '/othersRelation', '/collection']);

/** How long shared caches may keep a server-rendered page drawn for a visitor. */
export const pageFreshness = (path: string): Freshness => (SHORT_PAGES.has(path) ? 'short' : 'public');

/** How long shared caches may keep a call's visitor answer; 'never' for writes and calls that need a session. */
export function freshnessOf(id: CallId, def: Pick<CallDef, 'method' | 'auth'>): Freshness {
  if (def.method !== 'GET' || (def.auth !== 'none' && def.auth !== 'optional') || NEVER.has(id)) return 'never';
  return SHORT.has(id) ? 'short' : 'public';
}

const etagOf = (body: string | Buffer) => `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

function matches(req: FastifyRequest, etag: string) {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));
}

/**
 * Sets the caching headers of an answer about to be sent (the body as it goes on the wire) and turns it into a
 * `304` when the client already holds it. Returns the body to send.
 */
export function applyFreshness<P>(req: FastifyRequest, reply: FastifyReply, freshness: Freshness, body: P, vary = 'Authorization'): P | '' {
  if (freshness === 'never') {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE);
    return body;
  }
  reply.header('vary', vary);
  const cacheable =
    reply.statusCode === 200 &&
    !req.headers.authorization &&
    !reply.hasHeader('set-cookie') &&
    (typeof body === 'string' || Buffer.isBuffer(body));
  if (!cacheable) {
    reply.header('cache-control', PRIVATE);
    return body;
  }
  const etag = etagOf(body as string | Buffer);
  reply.header('cache-control', freshness === 'short' ? SHORT_FRESHNESS : PUBLIC_FRESHNESS).header('etag', etag);
  if (!matches(req, etag)) return body;
  reply.code(304).removeHeader('content-length');
  return '';
}

/** The app's onSend hook (before compression): applies the freshness a route declared in its `config`. */
export async function freshnessHook(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const freshness = (req.routeOptions.config as { freshness?: Freshness } | undefined)?.freshness;
  return freshness ? applyFreshness(req, reply, freshness, payload) : payload;
}
