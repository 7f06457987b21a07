/**
 * The server's own calls while it prerenders a page (modules/seo → the web app's ssr/render.js → app.inject): they
 * carry this process's secret, so they are answered as a visitor's, count no view and skip the per-IP limits (the
 * page request itself is what a reader made). The secret is made at start and never leaves the process.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const PRERENDER_HEADER = 'x-shiju-prerender';
const KEY = crypto.randomBytes(24).toString('hex');

export function prerenderHeaders(): Record<string, string> {
  return { [PRERENDER_HEADER]: KEY };
}

export function isPrerender(req: FastifyRequest): boolean {
  const value = req.headers[PRERENDER_HEADER];
  return typeof value === 'string' && value.length === KEY.length && crypto.timingSafeEqual(Buffer.from(value), Buffer.from(KEY));
}
