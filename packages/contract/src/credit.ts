/**
 * `@shiju/contract/credit`: who a text is credited to, and whether it carries the watermark (docs/decisions/0018).
 * The one home of these rules: the app's cards, text page and share card, and the server's pages, feeds, JSON-LD
 * and open API all ask here. Nothing here may import zod (the browser's first load imports this entry).
 *
 * A text has a poster (`author`, the account that put it on the site) and, when it quotes someone, the work's
 * author (`workAuthor`, with the era `dynasty`). The credited author is the work's author; a quote without a name
 * is 佚名; only a writer's original work credits the poster as its author. The poster of a quote is named apart,
 * as 收录 (an editor or the importer) or 分享 (a reader sharing a line).
 */

/** Eras from oldest to newest, as the importer and the author pages name them. */
export const DYNASTY_ORDER = [
  '先秦',
  '秦',
  '汉',
  '三国',
  '魏晋',
  '南北朝',
  '隋',
  '唐',
  '五代',
  '宋',
  '辽',
  '金',
  '元',
  '明',
  '清',
  '近现代',
  '当代',
] as const;
export type Dynasty = (typeof DYNASTY_ORDER)[number];

/** The first era whose works are not taken to be in the public domain. */
export const MODERN_DYNASTY: Dynasty = '近现代';

/** The name a quote without an author is credited to. */
export const ANONYMOUS = '佚名';

/** 唐 → true, 近现代 → false; an era the order does not know (or none) → false. */
export function isPremodern(dynasty: string | null | undefined): boolean {
  const i = DYNASTY_ORDER.indexOf((dynasty ?? '') as Dynasty);
  return i >= 0 && i < DYNASTY_ORDER.indexOf(MODERN_DYNASTY);
}

/** What the credit rule reads of a text (the contract's Essay has all of it). */
export interface Creditable {
  workAuthor: string | null;
  workTitle?: string | null;
  dynasty: string | null;
  /** The writer's own words (原创), as against a quote (摘录). */
  ownWork: boolean;
  /** Brought in by the importer. */
  imported: boolean;
  /** Posted by an editor (or the importer): its poster 收录, a reader 分享. */
  postedByEditor: boolean;
  author: { nickname: string };
}

export interface Credit {
  /** The credited author: the work's (李白), 佚名, or for an original the poster's nickname. */
  author: string;
  /** The work's era (唐), for a quote whose era is known. */
  dynasty: string | null;
  /** True for the writer's own work: the author is the poster and no poster line is shown. */
  original: boolean;
  /** The author has an author page (/author?name=…): a named quote. */
  named: boolean;
  /** Who put a quote on the site, and how (收录 / 分享); null for an original. */
  poster: { role: '收录' | '分享'; nickname: string } | null;
}

/** Who a text is credited to (see the file's note). */
export function creditOf(e: Creditable): Credit {
  if (e.ownWork) return { author: e.author.nickname, dynasty: null, original: true, named: false, poster: null };
  const name = e.workAuthor?.trim() || null;
  return {
    author: name ?? ANONYMOUS,
    dynasty: name ? e.dynasty || null : null,
    original: false,
    named: name !== null,
    poster: { role: e.postedByEditor ? '收录' : '分享', nickname: e.author.nickname },
  };
}

/** 李白〔唐〕, 佚名, or the writer's nickname. */
export const creditName = (c: Credit) => (c.dynasty ? `${c.author}〔${c.dynasty}〕` : c.author);

/** The credit with its work: 李白〔唐〕《静夜思》 (the work only when one is named). */
export const creditLine = (c: Credit, workTitle?: string | null) => `${creditName(c)}${!c.original && workTitle ? `《${workTitle}》` : ''}`;

/** 收录 · 拾句编辑部 / 分享 · 小林; null for an original. */
export const posterLine = (c: Credit) => (c.poster ? `${c.poster.role} · ${c.poster.nickname}` : null);

/**
 * A text in the public domain: brought in by the importer, or its era comes before 近现代. Such a text carries no
 * watermark.
 */
export const isPublicDomain = (e: Pick<Creditable, 'imported' | 'dynasty'>) => e.imported || isPremodern(e.dynasty);

/**
 * Whether a text's page and share card draw the watermark (拾句 · the writer): only on a writer's original work that
 * is not in the public domain, and there only in a background band beside the lines, never across them.
 */
export const hasWatermark = (e: Pick<Creditable, 'ownWork' | 'imported' | 'dynasty'>) => e.ownWork && !isPublicDomain(e);
