/**
 * Keeps the page in step with the reading preferences once the app runs (public/reading.js did the same before the
 * first paint): <html>'s marks for theme, size, line height, font, 拼音 and 竖排, following the system's theme when
 * asked, and 繁體 through the converter (zh.ts). Called once at start (startReading).
 */
import type { ReadingPrefs } from '@shiju/contract/core';
import { onPrefsChange, readPrefs } from './prefs.js';
import { startZh, zhActive } from './zh.js';

const darkQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null);

export function resolvedTheme(prefs: ReadingPrefs): 'light' | 'dark' {
  if (prefs.theme !== 'system') return prefs.theme;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** The marks on <html> the styles (reading.css) follow. */
export function applyToDocument(prefs: ReadingPrefs, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-theme', resolvedTheme(prefs));
  const mark = (name: string, value: string | null) => (value === null ? root.removeAttribute(name) : root.setAttribute(name, value));
  mark('data-font-size', prefs.fontSize === 2 ? null : String(prefs.fontSize));
  mark('data-line-height', prefs.lineHeight === 'normal' ? null : prefs.lineHeight);
  mark('data-font', prefs.font === 'serif' ? null : prefs.font);
  mark('data-pinyin', prefs.pinyin ? '' : null);
  mark('data-vertical', prefs.vertical ? '' : null);
}

/**
 * Applies the stored preferences and follows their changes from then on. When 繁體 is chosen the converter is loaded
 * before the app draws (so nothing is shown in 简体 first); going back to 简体, or between 台湾 and 香港, reloads the
 * page, which the server then draws in the new choice.
 */
export async function startReading(): Promise<void> {
  const prefs = readPrefs();
  applyToDocument(prefs);
  darkQuery()?.addEventListener('change', () => applyToDocument(readPrefs()));
  onPrefsChange((next, changed) => {
    applyToDocument(next);
    if (changed.zh === undefined) return;
    if (next.zh !== 'hans' && !zhActive()) void startZh(next.zh);
    else location.reload();
  });
  // Should the converter fail to load (offline), the page is read in 简体 rather than not at all.
  if (prefs.zh !== 'hans') await startZh(prefs.zh).catch(() => undefined);
}
