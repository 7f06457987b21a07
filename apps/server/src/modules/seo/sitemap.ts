/**
 * robots.txt and the sitemaps. /sitemap.xml is a sitemap index: pages.xml (the site's own pages,
 * classifications and announcements) and texts-<n>.xml, where file n holds the published texts with ids in
 * ((n-1)·50,000, n·50,000] — never more than the protocol's 50,000 URLs, and no count of the table needed to
 * know how many files there are (one max(id) probe). A file is streamed as it is read, 5,000 rows per statement.
 */
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import * as q from './queries.js';
import { sitemapAuthors } from '../discovery/index.js';
import { publicCollectionsAfter } from '../collections/index.js';
import { challengeIds } from '../challenges/index.js';
import { maxEssayId } from '../../db/ids.js';

export const SITEMAP_SPAN = 50_000;
const BATCH = 5_000;

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
const urlEntry = (loc: string, lastmod?: Date | null) =>
  `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;
const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

/** Private pages (an account's own) and the API are not for crawlers. */
const PRIVATE = ['/api/', '/admin', '/space', '/editorialEssay', '/imitative', '/myInterest', '/myOrder', '/myInform', '/authentication'];

/** Public addresses under a private path: a 每周仿写's page lives at /imitative?challenge= (the longer rule wins). */
const PUBLIC_UNDER_PRIVATE = ['/imitative?challenge='];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PUBLIC_UNDER_PRIVATE.map((p) => `Allow: ${p}`),
    ...PRIVATE.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function sitemapIndex(db: Db, origin: string): Promise<string> {
  const files = Math.ceil((await maxEssayId(db)) / SITEMAP_SPAN);
  const names = ['pages.xml', ...Array.from({ length: files }, (_, i) => `texts-${i + 1}.xml`)];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    names.map((n) => `<sitemap><loc>${xmlEscape(`${origin}/sitemaps/${n}`)}</loc></sitemap>\n`).join('') +
    '</sitemapindex>\n'
  );
}

async function* pagesXml(db: Db, origin: string) {
  yield URLSET_OPEN;
  for (const p of ['/home', '/classifyDetails', '/leaderboard', '/bestWeek', '/bulletinBoard']) yield urlEntry(origin + p);
  for (const c of await q.activeClassifications(db)) yield urlEntry(`${origin}/classifyDetails?id=${c.id}`);
  // 作者与朝代, and each author with published texts at the address their page calls canonical.
  yield urlEntry(`${origin}/author`);
  for (const a of await sitemapAuthors(db, SITEMAP_SPAN))
    yield urlEntry(`${origin}/author?name=${encodeURIComponent(a.name)}${a.primary ? '' : `&dynasty=${encodeURIComponent(a.dynasty)}`}`);
  for (let after = 0; ;) {
    const rows = await q.announcementsAfter(db, after, BATCH);
    for (const r of rows) yield urlEntry(`${origin}/bulletinDetails?id=${r.id}`, r.updatedAt);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  // Public 收藏夹 that hold texts.
  for (let after = 0; ;) {
    const rows = await publicCollectionsAfter(db, after, BATCH);
    for (const r of rows) yield urlEntry(`${origin}/collection?id=${r.id}`, r.updatedAt);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  // 每周仿写 that have opened, newest first (one a week: the span is centuries).
  for (const c of await challengeIds(db, SITEMAP_SPAN)) yield urlEntry(`${origin}/imitative?challenge=${c.id}`, c.updatedAt);
  yield URLSET_CLOSE;
}

async function* textsXml(db: Db, origin: string, file: number) {
  const upTo = file * SITEMAP_SPAN;
  yield URLSET_OPEN;
  for (let after = (file - 1) * SITEMAP_SPAN; ;) {
    const rows = await q.publishedIdsAfter(db, after, upTo, BATCH);
    if (rows.length) yield rows.map((r) => urlEntry(`${origin}/bellesDetails?id=${r.id}`, r.updatedAt)).join('');
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  yield URLSET_CLOSE;
}

/** A sitemap file as a stream, or null when the name is not one of the index's. */
export async function sitemapFile(db: Db, name: string, origin: string): Promise<Readable | null> {
  if (name === 'pages.xml') return Readable.from(pagesXml(db, origin));
  const m = /^texts-([1-9]\d{0,4})\.xml$/.exec(name);
  if (!m) return null;
  const file = Number(m[1]);
  if ((file - 1) * SITEMAP_SPAN >= (await maxEssayId(db))) return null;
  return Readable.from(textsXml(db, origin, file));
}
