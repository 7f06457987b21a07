/**
 * Readers' sessions: an opaque token, stored hashed, 30 days sliding. The store is per app (runtime.ts); the HTTP
 * layer only reads the token and asks it who is calling.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db, Exec } from '../../db/client.js';
import { insertSession, sessionQuery, touchSession } from './queries.js';
import { EVERYTHING, USER_CHANGED, type Broadcast } from '../../lib/broadcast.js';
import { Cache } from '../../lib/cache.js';
import type { Metrics } from '../../lib/metrics.js';
import type { Session, SessionStore } from '../../http/auth.js';

export type { Session, SessionStore } from '../../http/auth.js';

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;
/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export async function createSession(db: Pick<Exec, 'insert'>, userId: number, req: FastifyRequest): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_MS),
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
    ip: req.ip.slice(0, 64),
  });
  return token;
}

export { revokeSession } from './queries.js';

/**
 * Sessions as the public reads see them (lists, details, rankings, search, comment pages) are kept 10 s, so that a
 * reader's page of several calls looks their session up once, not once per call. Calls that need a signed-in user
 * (every write of one's own, the console) always read it from the database. Whatever changes what a public read sees
 * of a session goes through the users module's changeUser, which drops that user's kept sessions in every process
 * once it is committed; only a valid session is kept.
 */
export function createSessionStore(db: Db, broadcast: Broadcast, metrics: Metrics): SessionStore {
  let query: ReturnType<typeof sessionQuery> | undefined;
  const kept = new Cache<Session>(metrics, 'reader-sessions', { ttl: 10_000, max: 20_000 });
  /** Bumped by every drop, so a lookup that started before it does not keep what it read. */
  let generation = 0;
  broadcast.onInvalidate(USER_CHANGED, (key) => {
    generation++;
    if (key === EVERYTHING) kept.clear();
    else kept.deleteWhere((s) => String(s.user.id) === key);
  });

  const byHash = async (hash: string): Promise<Session | null> => {
    const now = new Date();
    query ??= sessionQuery(db);
    const rows = await query.execute({ hash });
    const row = rows[0];
    if (!row || row.u.status !== 'active') return null;
    if (now.getTime() - row.s.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await touchSession(db, row.s.id, now, new Date(now.getTime() + SESSION_MS));
    }
    return { user: row.u, sessionId: row.s.id, blocksSomeone: row.blocks === true };
  };

  return {
    resolve: (token) => byHash(hashToken(token)),
    async read(token) {
      const hash = hashToken(token);
      const hit = kept.peek(hash);
      if (hit) return hit;
      const started = generation;
      const session = await byHash(hash);
      if (session && started === generation) kept.set(hash, session);
      return session;
    },
  };
}
