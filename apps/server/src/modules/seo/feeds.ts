/**
 * RSS 2.0 and Atom 1.0 feeds (the `feed` package): the latest texts, a classification's, an author's, and the
 * latest best of the week. Each is the newest 20, read through the same cached list calls as the pages.
 */
import { Feed } from 'feed';
import { creditName, creditOf, SITE_NAME, type Essay } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { findClassification } from '../classifications/index.js';
import { frozenWeeks, weekEntries } from '../discovery/index.js';
import { presentEssays } from '../essays/index.js';
import { listPublished, type EssayCaches } from '../essays/index.js';
import { profile } from '../social/index.js';
import { publicCollection } from '../collections/index.js';
import { challengeDetails, challengeEntries } from '../challenges/index.js';
import { AppError } from '../../http/errors.js';
import { LIST_SIZE, titleOf } from './service.js';

export type FeedFormat = 'rss' | 'atom';

export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

interface FeedSource {
  title: string;
  description: string;
  /** The page this feed follows. */
  path: string;
  essays: Essay[];
}

/**
 * An item's author is the credited one (contract creditOf: 李白〔唐〕, 佚名, or an original's writer); a quote's
 * poster is its contributor (Atom), never its author.
 */
function feedCredit(e: Essay, origin: string) {
  const c = creditOf(e);
  const poster = { name: e.author.nickname, link: `${origin}/othersInfor?id=${e.author.id}` };
  if (c.original) return { author: [poster] };
  const name = creditName(c);
  return { author: [c.named ? { name, link: `${origin}/author?name=${encodeURIComponent(c.author)}` } : { name }], contributor: [poster] };
}

const latest = (db: Db, caches: EssayCaches, filter: { classificationId?: number; authorId?: number } = {}) =>
  listPublished(db, caches, { pageNum: 1, pageSize: LIST_SIZE, sort: 'new', ...filter }, null).then((p) => p.list);

/** What a feed name (`latest`, `best-week`, `classification-3`, `author-7`) holds, or null when it names nothing. */
async function sourceOf(db: Db, caches: EssayCaches, name: string, now: Date): Promise<FeedSource | null> {
  if (name === 'latest')
    return { title: `${SITE_NAME} · 最新发布`, description: '拾句最新发布的句子与美文', path: '/home', essays: await latest(db, caches) };
  if (name === 'best-week') {
    const [week] = await frozenWeeks(db);
    const entries = week ? await weekEntries(db, week) : [];
    return {
      title: `${SITE_NAME} · 每周精选`,
      description: week ? `拾句每周精选（${week}）` : '拾句每周精选',
      path: '/bestWeek',
      essays: await presentEssays(
        db,
        entries.map((e) => e.essayId),
      ),
    };
  }
  const m = /^(classification|author|collection|challenge)-([1-9]\d{0,9})$/.exec(name);
  const id = m ? Number(m[2]) : 0;
  if (!m || id > 2147483647) return null;
  if (m[1] === 'classification') {
    const c = await findClassification(db, id);
    if (!c) return null;
    return {
      title: `${SITE_NAME} · ${c.name}`,
      description: c.description || `拾句“${c.name}”分类的最新作品`,
      path: `/classifyDetails?id=${c.id}`,
      essays: await latest(db, caches, { classificationId: c.id }),
    };
  }
  try {
    if (m[1] === 'challenge') {
      // 每周仿写: its entries, newest first while open, by rank once closed.
      const c = await challengeDetails(db, id, now, null);
      const { list } = await challengeEntries(db, id, { pageNum: 1, pageSize: LIST_SIZE }, now, null);
      const name = c.original ? titleOf(c.original) : `第 ${c.id} 期`;
      return {
        title: `${SITE_NAME} · 每周仿写「${name}」`,
        description: c.prompt,
        path: `/imitative?challenge=${c.id}`,
        essays: list.map((x) => x.essay),
      };
    }
    if (m[1] === 'collection') {
      const { folder: f, essays } = await publicCollection(db, id, LIST_SIZE);
      return {
        title: `${SITE_NAME} · 收藏夹「${f.name}」`,
        description: f.description || `${f.owner.nickname} 在拾句整理的收藏夹`,
        path: `/collection?id=${f.id}`,
        essays,
      };
    }
    const u = await profile(db, id, null);
    return {
      title: `${SITE_NAME} · ${u.nickname} 的作品`,
      description: u.bio || `${u.nickname} 在拾句发布的作品`,
      path: `/othersInfor?id=${u.id}`,
      essays: await latest(db, caches, { authorId: u.id }),
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'A0404') return null;
    throw err;
  }
}

/** The feed document, or null for a feed that does not exist. */
export async function renderFeed(
  db: Db,
  caches: EssayCaches,
  name: string,
  format: FeedFormat,
  origin: string,
  now = new Date(),
): Promise<string | null> {
  const source = await sourceOf(db, caches, name, now);
  if (!source) return null;
  const link = `${origin}${source.path}`;
  const newest = source.essays.reduce<number>((t, e) => Math.max(t, e.publishedAt ? Date.parse(e.publishedAt) : 0), 0);
  const feed = new Feed({
    id: link,
    link,
    title: source.title,
    description: source.description,
    language: 'zh-CN',
    copyright: `© ${SITE_NAME}`,
    updated: newest ? new Date(newest) : new Date(0),
    generator: SITE_NAME,
    favicon: `${origin}/favicon.svg`,
    feedLinks: { rss: `${origin}/feeds/${name}.rss`, atom: `${origin}/feeds/${name}.atom` },
  });
  for (const e of source.essays) {
    const url = `${origin}/bellesDetails?id=${e.id}`;
    feed.addItem({
      id: url,
      link: url,
      title: titleOf(e),
      description: e.source ? `${e.summary}（${e.source}）` : e.summary,
      date: new Date(e.publishedAt ?? e.createdAt),
      ...feedCredit(e, origin),
      category: e.tags.map((t) => ({ name: t.name })),
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}
