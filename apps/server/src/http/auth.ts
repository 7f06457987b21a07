/**
 * Who is calling: a signed-in user (the token read here, its session found by the auth module's session store)
 * or a visitor (an anonymous key kept in a cookie, used for daily activity and view counting).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/types.js';

const VISITOR_COOKIE = 'sj_vid';

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

/** A signed-in caller's session, as the auth module's session store finds it for a token. */
export interface Session {
  user: UserRow;
  sessionId: number;
  /**
   * Whether the user blocked anyone: lists apply the block filter only then, since a filter on the author makes
   * every row passed cost a read of the table, and most people never block anyone.
   */
  blocksSomeone: boolean;
}

/** Who holds a token: the auth module's session store (modules/auth/sessions.ts), made per app (runtime.ts). */
export interface SessionStore {
  /** The session as calls that need a signed-in user see it: always read from the database. */
  resolve(token: string): Promise<Session | null>;
  /** The session as the public reads see it (calls whose auth is optional): kept 10 s. */
  read(token: string): Promise<Session | null>;
}

/** `Authorization: Bearer <t>` or the bare token. */
export function readToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const t = h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
  return t.length >= 20 && t.length <= 200 ? t : null;
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

/** Whether the request carries our visitor cookie (a reader on our own pages, not a cookieless embed). */
export function hasVisitorCookie(req: FastifyRequest): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(readCookie(req, VISITOR_COOKIE) ?? '');
}

/**
 * A stable anonymous key for a visitor; set as a cookie on first sight, `Secure` when the request came over HTTPS
 * (directly or as a trusted proxy reports, as HSTS is decided), never over plain HTTP where a browser would drop it.
 */
export function visitorKey(req: FastifyRequest, reply: FastifyReply): string {
  const existing = readCookie(req, VISITOR_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const key = crypto.randomBytes(16).toString('base64url');
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${VISITOR_COOKIE}=${key}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`);
  return key;
}
