/**
 * Pages in 繁體 (docs/rules.md#reading-preferences): a reader who chose Traditional characters (the `zh_variant` cookie, `tw` or `hk`) or
 * follows a `?zh=hant` link gets the server's pages converted, the embedded answers with them. The Simplified page
 * stays the canonical one. Never decided from request headers (Accept-Language), so a crawler always reads 简体.
 *
 * opencc-js at phrase level for Taiwan (`twp`: 软件 → 軟體) and Hong Kong's standard characters (`hk`); the tables
 * are loaded on the first such request only.
 */
import * as OpenCC from 'opencc-js/cn2t';
import { zhVariantOf, ZH_VARIANT_COOKIE } from '@shiju/contract/core';
import { once } from './once.js';

export type ZhVariant = 'tw' | 'hk';

const converters: Record<ZhVariant, () => (text: string) => string> = {
  tw: once(() => OpenCC.Converter({ from: 'cn', to: 'twp' })),
  hk: once(() => OpenCC.Converter({ from: 'cn', to: 'hk' })),
};

/** Simplified → Traditional text in the variant. */
export function toTraditional(text: string, variant: ZhVariant): string {
  return converters[variant]()(text);
}

/** The variant a request asks for: `?zh=` first (`hant`/`tw`, `hk`; `hans` asks for 简体), then the cookie. */
export function requestedVariant(query: unknown, cookieHeader: string | undefined): ZhVariant | null {
  const q = query && typeof query === 'object' ? (query as Record<string, unknown>).zh : undefined;
  if (typeof q === 'string') return zhVariantOf(q);
  const m = cookieHeader ? new RegExp(`(?:^|;\\s*)${ZH_VARIANT_COOKIE}=([^;]*)`).exec(cookieHeader) : null;
  return m ? zhVariantOf(decodeURIComponent(m[1]!)) : null;
}

/**
 * A whole HTML document in Traditional characters: its text, attributes and embedded answers, except addresses
 * (`href`, `src`, `content` of og:url), the canonical link and the JSON-LD for search engines, which keep their
 * Simplified form so links still find what they point to and crawlers read one page. `<html>` says which variant the page is in.
 */
export function traditionalDocument(html: string, variant: ZhVariant): string {
  const kept: string[] = [];
  const guarded = html.replace(
    /<link rel="canonical"[^>]*>|\s(?:href|src|srcset|action)="[^"]*"|<meta property="og:url"[^>]*>|<script type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g,
    (m) => {
      kept.push(m);
      return `\u{F0000}${kept.length - 1}\u{F0001}`;
    },
  );
  const converted = toTraditional(guarded, variant).replace(/\u{F0000}(\d+)\u{F0001}/gu, (_, i: string) => kept[Number(i)]!);
  return converted.replace(/<html([^>]*)>/, (_whole, attrs: string) => {
    const rest = attrs.replace(/\slang="[^"]*"/, '');
    return `<html lang="${variant === 'hk' ? 'zh-Hant-HK' : 'zh-Hant-TW'}" data-zh="${variant}"${rest}>`;
  });
}
