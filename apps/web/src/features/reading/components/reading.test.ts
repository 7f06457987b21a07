/**
 * Reading preferences in the browser: the store (localStorage, the zh_variant cookie, who is told), the marks on
 * <html> (the app's and the blocking start script's agree), stored originals for 繁體, and the dark theme's
 * contrast computed from its stylesheet.
 */
import fs from 'node:fs';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_READING_PREFS } from '@shiju/contract/core';

class FakeRoot {
  attrs = new Map<string, string>();
  setAttribute(k: string, v: string) {
    this.attrs.set(k, v);
  }
  removeAttribute(k: string) {
    this.attrs.delete(k);
  }
  hasAttribute(k: string) {
    return this.attrs.has(k);
  }
}

let store: Map<string, string>;
let cookies: string[];
let dark: boolean;

beforeEach(() => {
  vi.resetModules();
  store = new Map();
  cookies = [];
  dark = false;
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('location', { protocol: 'https:' });
  const doc = { documentElement: new FakeRoot() };
  Object.defineProperty(doc, 'cookie', { set: (v: string) => void cookies.push(v), get: () => cookies.join('; ') });
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    matchMedia: () => ({ matches: dark, addEventListener: () => undefined }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the prefs store', () => {
  it('reads the defaults when nothing or nonsense is stored, and keeps what is valid', async () => {
    const { readPrefs } = await import('./prefs.js');
    expect(readPrefs()).toEqual(DEFAULT_READING_PREFS);
    store.set('shiju:readingPrefs', '{not json');
    expect(readPrefs()).toEqual(DEFAULT_READING_PREFS);
    store.set('shiju:readingPrefs', JSON.stringify({ theme: 'dark', fontSize: 9, zh: 'hk', pinyin: 'yes', extra: 1 }));
    expect(readPrefs()).toEqual({ ...DEFAULT_READING_PREFS, theme: 'dark', zh: 'hk' });
  });

  it('stores a change, writes the 繁體 cookie and tells listeners only what changed', async () => {
    const { onPrefsChange, readPrefs, setPrefs } = await import('./prefs.js');
    const told: unknown[] = [];
    onPrefsChange((_next, changed, from) => told.push([changed, from]));
    setPrefs({ zh: 'tw', fontSize: 4 });
    expect(JSON.parse(store.get('shiju:readingPrefs')!)).toEqual({ ...DEFAULT_READING_PREFS, zh: 'tw', fontSize: 4 });
    expect(cookies.at(-1)).toBe('zh_variant=tw; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(told).toEqual([[{ zh: 'tw', fontSize: 4 }, 'reader']]);

    setPrefs({ zh: 'tw' });
    expect(told).toHaveLength(1);

    setPrefs({ zh: 'hans', theme: 'dark' }, 'account');
    expect(cookies.at(-1)).toBe('zh_variant=; Path=/; Max-Age=0; SameSite=Lax; Secure');
    expect(told.at(-1)).toEqual([{ zh: 'hans', theme: 'dark' }, 'account']);
    expect(readPrefs().theme).toBe('dark');
  });

  it('marks <html> as the blocking start script does', async () => {
    const { applyToDocument } = await import('./apply.js');
    const script = fs.readFileSync(new URL('../../../../public/reading.js', import.meta.url), 'utf8');
    const cases = [
      DEFAULT_READING_PREFS,
      { ...DEFAULT_READING_PREFS, theme: 'dark', fontSize: 4, lineHeight: 'loose', font: 'sans', pinyin: true, vertical: true },
      { ...DEFAULT_READING_PREFS, theme: 'light', fontSize: 0, lineHeight: 'compact' },
    ] as const;
    for (const system of [false, true]) {
      dark = system;
      for (const prefs of cases) {
        const fromApp = new FakeRoot();
        applyToDocument(prefs, fromApp as unknown as HTMLElement);
        const fromScript = new FakeRoot();
        store.set('shiju:readingPrefs', JSON.stringify(prefs));
        vm.runInNewContext(script, {
          document: { documentElement: fromScript },
          localStorage: globalThis.localStorage,
          window: globalThis.window,
        });
        expect(Object.fromEntries(fromScript.attrs)).toEqual(Object.fromEntries(fromApp.attrs));
        const expected = prefs.theme === 'system' ? (system ? 'dark' : 'light') : prefs.theme;
        expect(fromApp.attrs.get('data-theme')).toBe(expected);
      }
    }
  });

  it('takes a link’s ?zh= as the reader’s choice before the first paint, kept and sent to the server', () => {
    const script = fs.readFileSync(new URL('../../../../public/reading.js', import.meta.url), 'utf8');
    const run = (search: string) => {
      const written: string[] = [];
      const documentElement = new FakeRoot();
      const document = {
        documentElement,
        set cookie(v: string) {
          written.push(v);
        },
      };
      vm.runInNewContext(script, {
        document,
        location: { search, protocol: 'http:' },
        localStorage: globalThis.localStorage,
        window: globalThis.window,
      });
      return written;
    };
    store.set('shiju:readingPrefs', JSON.stringify({ ...DEFAULT_READING_PREFS, theme: 'dark' }));
    expect(run('?id=11&zh=hant')).toEqual(['zh_variant=tw; Path=/; Max-Age=31536000; SameSite=Lax']);
    expect(JSON.parse(store.get('shiju:readingPrefs')!)).toMatchObject({ zh: 'tw', theme: 'dark' });
    expect(run('?zh=tw')).toEqual([]); // already the choice
    expect(run('?zh=hk')).toEqual(['zh_variant=hk; Path=/; Max-Age=31536000; SameSite=Lax']);
    expect(run('?zh=klingon')).toEqual([]);
    expect(run('?zh=hans')).toEqual(['zh_variant=; Path=/; Max-Age=0; SameSite=Lax']);
    expect(JSON.parse(store.get('shiju:readingPrefs')!)).toMatchObject({ zh: 'hans', theme: 'dark' });
  });

  it('shows an imported text’s stored Traditional original to a reader of 繁體', async () => {
    const { shownEssay } = await import('./original.js');
    const essay = {
      type: 'essay' as const,
      title: '岳阳楼记',
      content: '<p>庆历四年春</p>',
      originalTitle: '岳陽樓記',
      originalContent: '慶曆四年春\n<滕子京>',
    };
    expect(shownEssay(essay, 'hans')).toBe(essay);
    expect(shownEssay(essay, 'tw')).toMatchObject({ title: '岳陽樓記', content: '<p>慶曆四年春</p><p>&#60;滕子京&#62;</p>' });
    expect(shownEssay({ ...essay, originalContent: null }, 'hk')).toMatchObject({ title: '岳阳楼记' });
    expect(shownEssay({ ...essay, type: 'sentence' as const, originalContent: '床前明月光' }, 'hk').content).toBe('床前明月光');
  });
});

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the dark theme', () => {
  const css = fs.readFileSync(new URL('./reading.css', import.meta.url), 'utf8');
  const block = /html\[data-theme='dark'\] \{([^}]*)\}/.exec(css)![1]!;
  const vars = Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})/g)].map((m) => [m[1]!, m[2]!]));

  it('keeps body text, secondary text and muted text at 4.5:1 or more on the page and on surfaces', () => {
    for (const fg of ['ink', 'ink-soft', 'muted']) {
      for (const bg of ['paper', 'surface']) {
        expect(vars[fg], fg).toBeDefined();
        expect(contrast(vars[fg]!, vars[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    // Body text reads comfortably, well above the minimum.
    expect(contrast(vars.ink!, vars.surface!)).toBeGreaterThanOrEqual(10);
  });

  it('leaves the theme’s own colours and grey mode alone', () => {
    expect(block).not.toMatch(/--accent|--active-menu/);
    expect(css).not.toMatch(/filter:\s*(none|grayscale\(0)/);
  });
});
