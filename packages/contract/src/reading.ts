/**
 * Reading preferences (docs/rules.md#reading-preferences): how a reader wants the site drawn. Zod-free, so the browser's first load can
 * use them; the calls that read and save them on the account validate with the schema in `calls/reading.ts`.
 *
 * The same names are used in the browser's localStorage key `readingPrefs`, the `zh_variant` cookie and the
 * attributes the blocking start script puts on `<html>` (`data-theme`, `data-font-size`, `data-line-height`,
 * `data-font`, `data-zh`).
 */

export const READING_THEMES = ['system', 'light', 'dark'] as const;
/** Type size steps, smallest first; `2` is the site's normal size. */
export const READING_FONT_SIZES = [0, 1, 2, 3, 4] as const;
export const READING_LINE_HEIGHTS = ['compact', 'normal', 'loose'] as const;
export const READING_FONTS = ['serif', 'sans'] as const;
/** `hans`: 简体 (the site's own text); `tw`/`hk`: 繁體 in Taiwan's or Hong Kong's standard characters. */
export const READING_ZH = ['hans', 'tw', 'hk'] as const;

export type ReadingTheme = (typeof READING_THEMES)[number];
export type ReadingFontSize = (typeof READING_FONT_SIZES)[number];
export type ReadingLineHeight = (typeof READING_LINE_HEIGHTS)[number];
export type ReadingFont = (typeof READING_FONTS)[number];
export type ReadingZh = (typeof READING_ZH)[number];

export interface ReadingPrefs {
  theme: ReadingTheme;
  fontSize: ReadingFontSize;
  lineHeight: ReadingLineHeight;
  font: ReadingFont;
  zh: ReadingZh;
  /** Ruby pinyin over a text's characters. */
  pinyin: boolean;
  /** 竖排: short texts set top to bottom, right to left. */
  vertical: boolean;
}

export const DEFAULT_READING_PREFS: ReadingPrefs = {
  theme: 'system',
  fontSize: 2,
  lineHeight: 'normal',
  font: 'serif',
  zh: 'hans',
  pinyin: false,
  vertical: false,
};

/** 竖排 is offered for texts up to this many characters. */
export const VERTICAL_MAX_CHARS = 400;

/** The cookie the server reads to draw its pages in 繁體 (`tw` or `hk`); absent or anything else: 简体. */
export const ZH_VARIANT_COOKIE = 'zh_variant';

/**
 * Whatever was stored (an old browser's copy, a cookie, an account's column), as valid prefs: unknown keys dropped,
 * bad values replaced by the defaults. Never throws.
 */
export function normalizeReadingPrefs(raw: unknown): ReadingPrefs {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const pick = <T>(list: readonly T[], v: unknown, d: T): T => (list.includes(v as T) ? (v as T) : d);
  const d = DEFAULT_READING_PREFS;
  return {
    theme: pick(READING_THEMES, r.theme, d.theme),
    fontSize: pick(READING_FONT_SIZES, r.fontSize, d.fontSize),
    lineHeight: pick(READING_LINE_HEIGHTS, r.lineHeight, d.lineHeight),
    font: pick(READING_FONTS, r.font, d.font),
    zh: pick(READING_ZH, r.zh, d.zh),
    pinyin: typeof r.pinyin === 'boolean' ? r.pinyin : d.pinyin,
    vertical: typeof r.vertical === 'boolean' ? r.vertical : d.vertical,
  };
}

/** The 繁體 variant a `zh_variant` cookie or `?zh=` value asks for, or null for 简体. `hant` means Taiwan's. */
export function zhVariantOf(value: string | null | undefined): 'tw' | 'hk' | null {
  if (value === 'tw' || value === 'hant') return 'tw';
  if (value === 'hk') return 'hk';
  return null;
}
