/**
 * The reader's reading preferences (docs/rules.md#reading-preferences) in the browser: one store, kept in localStorage
 * (`shiju:readingPrefs`) for everyone, with the 繁體 choice also in the `zh_variant` cookie so the server draws its
 * pages in it. public/reading.js reads the same key before the first paint; applyToDocument() keeps <html>'s marks
 * in step afterwards. A signed-in reader's changes are also saved on the account (ReadingPrefsSync), and signing in
 * brings the account's copy here.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_READING_PREFS, normalizeReadingPrefs, ZH_VARIANT_COOKIE, type ReadingPrefs } from '@shiju/contract/core';
import { readLocal, STORAGE, writeLocal } from '../../../lib/storage.js';

type Listener = (prefs: ReadingPrefs, changed: Partial<ReadingPrefs>, from: 'reader' | 'account') => void;

const listeners = new Set<Listener>();
const renderers = new Set<() => void>();
let snapshot: { raw: string | null; prefs: ReadingPrefs } | null = null;

/** The stored preferences (defaults for whatever is missing or invalid). */
export function readPrefs(): ReadingPrefs {
  const raw = readLocal(STORAGE.readingPrefs);
  if (snapshot && snapshot.raw === raw) return snapshot.prefs;
  let parsed: unknown = null;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  snapshot = { raw, prefs: normalizeReadingPrefs(parsed) };
  return snapshot.prefs;
}

/** The cookie the server reads (tw/hk), a year long; removed for 简体. */
export function writeZhCookie(zh: ReadingPrefs['zh']): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    zh === 'hans'
      ? `${ZH_VARIANT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${ZH_VARIANT_COOKIE}=${zh}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * Changes some preferences: stored, the cookie written, listeners told (they apply them to the page and, for a
 * signed-in reader's own change, save them on the account). `from: 'account'` marks the account's copy arriving.
 */
export function setPrefs(changes: Partial<ReadingPrefs>, from: 'reader' | 'account' = 'reader'): ReadingPrefs {
  const before = readPrefs();
  const next = normalizeReadingPrefs({ ...before, ...changes });
  const changed = Object.fromEntries(
    Object.entries(next).filter(([k, v]) => before[k as keyof ReadingPrefs] !== v),
  ) as Partial<ReadingPrefs>;
  writeLocal(STORAGE.readingPrefs, JSON.stringify(next));
  writeZhCookie(next.zh);
  if (!Object.keys(changed).length) return next;
  for (const l of listeners) l(next, changed, from);
  for (const r of renderers) r();
  return next;
}

/** Told of every change (after it is stored). */
export function onPrefsChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribe(render: () => void): () => void {
  renderers.add(render);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE.readingPrefs) render();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    renderers.delete(render);
    window.removeEventListener('storage', onStorage);
  };
}

/** What the server's drawing uses: the defaults, with the 繁體 variant it draws in (set around one render). */
let serverPrefs: ReadingPrefs = DEFAULT_READING_PREFS;

/** Runs a (synchronous) server render with the page asked in a 繁體 variant. */
export function withServerZh<T>(zh: 'tw' | 'hk' | null, render: () => T): T {
  serverPrefs = zh ? { ...DEFAULT_READING_PREFS, zh } : DEFAULT_READING_PREFS;
  try {
    return render();
  } finally {
    serverPrefs = DEFAULT_READING_PREFS;
  }
}

/** The preferences for a component; the server's drawing (and hydration) uses the defaults. */
export function useReadingPrefs(): ReadingPrefs {
  return useSyncExternalStore(subscribe, readPrefs, () => serverPrefs);
}
