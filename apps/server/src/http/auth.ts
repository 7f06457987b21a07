/**
 * Who is calling: a signed-in user (opaque token, stored hashed, 30 days sliding) or a visitor
 * (an anonymous key kept in a cookie, used for daily activity and view counting).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { EVERYTHING, invalidate, onInvalidate } from '../lib/broadcast.js';
import { TtlCache } from '../lib/ttlCache.js';
import { blocks, sessions, users } from '../db/schema.js';

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;
/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
const VISITOR_COOKIE = 'sj_vid';

export type UserRow = typeof users.$inferSelect;

export interface Caller {
  user: UserRow | null;
  sessionId: number | null;
  /** `u:<id>` for users, `v:<key>` for visitors. */
  viewerKey: string;
  /**
   * Whether the user blocked anyone (read with the session): lists apply the block filter only then, since a
   * filter on the author makes every row passed cost a read of the table, and most people never block anyone.
   */
  blocksSomeone: boolean;
  /** The server's own call while it prerenders a page (http/prerender.ts): a visitor whose reading counts nothing. */
  prerender?: boolean;
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** `Authorization: Bearer <t>` or the bare token. */
export function readToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const t = h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
  return t.length >= 20 && t.length <= 200 ? t : null;
}

export async function createSession(db: Pick<Db, 'insert'>, userId: number, req: FastifyRequest): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_MS),
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
    ip: req.ip.slice(0, 64),
  });
  return token;
}

/** The session lookup every signed-in request makes, built once per database and prepared (named on PostgreSQL). */
function sessionQuery(db: Db) {
  return db
    .select({
      s: { id: sessions.id, lastUsedAt: sessions.lastUsedAt },
      u: users,
      blocks: sql<boolean>`exists (select 1 from ${blocks} b where b.blocker_id = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_by_token');
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

export interface Session {
  user: UserRow;
  sessionId: number;
  blocksSomeone: boolean;
}

export function resolveSession(db: Db, token: string): Promise<Session | null> {
  return sessionByHash(db, hashToken(token));
}

async function sessionByHash(db: Db, hash: string): Promise<Session | null> {
  const now = new Date();
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = sessionQuery(db)));
  const rows = await query.execute({ hash });
  const row = rows[0];
  if (!row || row.u.status !== 'active') return null;
  if (now.getTime() - row.s.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_MS) })
      .where(eq(sessions.id, row.s.id));
  }
  return { user: row.u, sessionId: row.s.id, blocksSomeone: row.blocks === true };
}

export async function revokeSession(db: Db, sessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
  forgetSessions();
}

/**
 * Sessions as the public reads see them (calls whose auth is optional: lists, details, rankings, search, comment
 * pages), kept 10 s so that a reader's page of several calls looks their session up once, not once per call. Calls
 * that need a signed-in user (every write of one's own, the console) always read it from the database. Whatever
 * changes what a public read sees of a session (sign-out, a password change or reset, a ban or its end, a new role,
 * a block, an account deleted, membership: a payment, an editor's confirmation, a refund) drops them all in every
 * process (`forgetSessions`) once it is committed; only a valid session is kept.
 */
const readerSessions = new TtlCache<Session>(10_000, 20_000, 'reader-sessions');
/** Bumped by every drop, so a lookup that started before it does not keep what it read. */
let generation = 0;
onInvalidate('sessions', () => {
  generation++;
  readerSessions.clear();
});

export function forgetSessions() {
  invalidate('sessions', EVERYTHING);
}

export async function readerSession(db: Db, token: string): Promise<Session | null> {
  const hash = hashToken(token);
  const kept = readerSessions.peek(hash);
  if (kept) return kept;
  const started = generation;
  const session = await sessionByHash(db, hash);
  if (session && started === generation) readerSessions.set(hash, session);
  return session;
}

function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

/** A stable anonymous key for a visitor; set as a cookie on first sight. */
/** Whether the request carries our visitor cookie (a reader on our own pages, not a cookieless embed). */
export function hasVisitorCookie(req: FastifyRequest): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(readCookie(req, VISITOR_COOKIE) ?? '');
}

export function visitorKey(req: FastifyRequest, reply: FastifyReply): string {
  const existing = readCookie(req, VISITOR_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const key = crypto.randomBytes(16).toString('base64url');
  reply.header('set-cookie', `${VISITOR_COOKIE}=${key}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`);
  return key;
}
