/**
 * Build-time bridge to the contract. The browser needs only each call's method, path and mask flag, the
 * error messages, the page titles and a few fixed lists (report reasons); shipping the zod schemas of every
 * call would cost the first page dozens of kilobytes.
 * Vite runs this in Node and serves the result as the virtual module `virtual:shiju-calls`.
 * `fillPath` travels as its own source text, so the browser fills paths exactly as the contract does.
 */
import type { Plugin } from 'vite';
import { calls, ERRORS, fillPath, PAGES, REPORT_REASONS, SITE_NAME } from '@shiju/contract';

const VIRTUAL_ID = 'virtual:shiju-calls';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/** What the browser gets of the contract (also served to unit tests, see src/test/calls.ts). */
export function manifestOf() {
  return {
    routes: Object.fromEntries(
      Object.values(calls).map((c) => [c.id, { method: c.method, path: c.path, auth: c.auth, silent: c.silent === true }]),
    ),
    errorMessages: Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.msg])),
    pages: PAGES,
    siteName: SITE_NAME,
  };
}

export function callsManifest(): Plugin {
  return {
    name: 'shiju-calls-manifest',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const m = manifestOf();
      return [
        `export const routes = ${JSON.stringify(m.routes)};`,
        `export const errorMessages = ${JSON.stringify(m.errorMessages)};`,
        `export const fillPath = ${fillPath.toString()};`,
        `export const pages = ${JSON.stringify(m.pages)};`,
        `export const siteName = ${JSON.stringify(m.siteName)};`,
        `export const reportReasons = ${JSON.stringify(REPORT_REASONS)};`,
      ].join('\n');
    },
  };
}
