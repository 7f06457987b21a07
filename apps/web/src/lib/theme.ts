import type { ThemeLayout } from '@shiju/contract';
import { readLocal, STORAGE, writeLocal } from './storage.js';

/** The site look (docs/rules.md#theme-and-start-up: the contract's ThemeLayout), carried as a JSON string in `layoutVoList`. */
export type SiteTheme = ThemeLayout;

export const DEFAULT_THEME: SiteTheme = {
  backgroundImg: '',
  color: '#8c3b2f',
  activeMenu: '#8c3b2f',
  grey: 0,
};

function isColor(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 64 && typeof CSS !== 'undefined' && CSS.supports('color', v);
}

/** Only our own uploads or http(s) images; anything else could smuggle CSS. */
function isImageUrl(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 500 && /^(https?:\/\/|\/)[^\s"'()\\]*$/.test(v);
}

/** Reads a layoutVoList string; bad or missing fields fall back to the defaults one by one. */
export function parseLayout(raw: string | null | undefined): SiteTheme | null {
  if (!raw) return null;
  let v: Partial<Record<keyof SiteTheme, unknown>>;
  try {
    v = JSON.parse(raw) as typeof v;
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const color = isColor(v.color) ? v.color : DEFAULT_THEME.color;
  return {
    backgroundImg: isImageUrl(v.backgroundImg) ? v.backgroundImg : '',
    color,
    activeMenu: isColor(v.activeMenu) ? v.activeMenu : color,
    grey: Number(v.grey) === 1 ? 1 : 0,
  };
}

const cached = parseLayout(readLocal(STORAGE.layoutVoList));
let current: SiteTheme = cached ?? DEFAULT_THEME;
const listeners = new Set<() => void>();

/** Paints the theme onto the document: CSS variables, the background image and the grey mode. */
function applyToDocument(t: SiteTheme): void {
  const root = document.documentElement;
  root.style.setProperty('--accent', t.color);
  root.style.setProperty('--active-menu', t.activeMenu);
  if (t.backgroundImg) {
    root.style.setProperty('--site-bg-image', `url("${t.backgroundImg}")`);
    root.dataset.bgImage = 'on';
  } else {
    root.style.removeProperty('--site-bg-image');
    delete root.dataset.bgImage;
  }
  // Grey flag = 1 turns the whole page grey-scale (docs/rules.md#theme-and-start-up), e.g. on days of mourning.
  root.style.filter = t.grey === 1 ? 'grayscale(1)' : '';
}

export const themeStore = {
  get: (): SiteTheme => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores the server's layoutVoList string and applies it. */
  setFromLayout(raw: string): void {
    const parsed = parseLayout(raw);
    if (!parsed) return;
    writeLocal(STORAGE.layoutVoList, raw);
    current = parsed;
    applyToDocument(current);
    for (const l of listeners) l();
  },
  /**
   * Paints the last known theme at once, before the server answers. Without one, the page keeps what it has: the
   * server's pages carry the site theme already (modules/seo), and the stylesheet's default stands in elsewhere.
   */
  applyCached(): void {
    if (cached) applyToDocument(cached);
  },
};
