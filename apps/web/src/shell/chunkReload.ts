import { readSession, SESSION_STORAGE, writeSession } from '../lib/storage.js';

/** A second failure for the same address within this window means reloading will not help. */
const RELOAD_GUARD_MS = 15_000;

/**
 * docs/rules.md#routes: a page that fails to load sends the browser to that page's full address. Returns false (and does
 * nothing) when the same address was already reloaded for this reason moments ago, to avoid a reload loop.
 */
export function reloadForChunk(href: string = window.location.href, now: number = Date.now()): boolean {
  const last = readSession(SESSION_STORAGE.chunkReload);
  if (last) {
    const cut = last.lastIndexOf('|');
    const url = last.slice(0, cut);
    const at = Number(last.slice(cut + 1));
    if (url === href && now - at < RELOAD_GUARD_MS) return false;
  }
  writeSession(SESSION_STORAGE.chunkReload, `${href}|${now}`);
  window.location.assign(href);
  return true;
}
