/**
 * 作者页 and the dynasties (decision 0020): an author is a name in an era, with the life years and biography of the
 * corpus's records; a bare name means the one of that name with the most published texts, and the page names the
 * others (同名作者). The dynasties read the per-era counts the triggers keep.
 */
import { DYNASTY_GROUPS, erasOf, groupOf, type AuthorBrief, type AuthorDetail, type DynastyGroup } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { cappedTotal, exactTotal } from '../../lib/paging.js';
import { toSimplified } from '../../lib/text.js';
import { cardsOf, presentCard } from '../essays/index.js';
import * as q from './authorQueries.js';

/** A biography shorter than this says nothing a reader needs (帝姓李氏…): no block for it. */
export const BIO_MIN_CHARS = 20;
const TOP_WORKS = 5;
const PEERS = 12;

/** A name or era as typed in an address: Traditional or full width read as the stored Simplified. */
const simplified = (raw: string) => toSimplified(raw.normalize('NFKC')).trim();

const brief = (r: q.ProfileRow): AuthorBrief => ({ name: r.name, dynasty: r.dynasty || null, born: r.born, died: r.died, works: r.works });

/** The person a (name, era) means: the era asked for, or the most published of that name. */
async function resolve(db: Db, rawName: string, rawDynasty?: string) {
  const name = simplified(rawName);
  const all = await q.profilesNamed(db, name);
  const dynasty = rawDynasty === undefined ? undefined : simplified(rawDynasty);
  const who = dynasty === undefined ? all[0] : all.find((r) => r.dynasty === dynasty);
  if (!who) throw notFound(dynasty ? `没有找到${dynasty}代的作者“${name}”` : `没有找到作者“${name}”`);
  return { who, all };
}

export async function authorDetail(db: Db, rawName: string, rawDynasty?: string): Promise<AuthorDetail> {
  const { who, all } = await resolve(db, rawName, rawDynasty);
  const eras = who.dynasty ? [who.dynasty] : null;
  const [top, peers] = await Promise.all([
    q.worksOf(db, who.name, who.dynasty, TOP_WORKS, 0),
    eras ? q.peersOf(db, eras, who.name, PEERS) : [],
  ]);
  return {
    ...brief(who),
    group: groupOf(who.dynasty || null),
    bio: Array.from(who.bio).length >= BIO_MIN_CHARS ? who.bio : null,
    primary: all[0] === who,
    homonyms: all.filter((r) => r !== who).map(brief),
    top: top.map((w) => ({ id: w.id, title: w.title ?? Array.from(w.summary).slice(0, 16).join('') })),
    peers: peers.map(brief),
  };
}

/** A page of the texts citing the person, most engaged-with first, without those of people the viewer blocked. */
export async function authorWorks(
  db: Db,
  rawName: string,
  rawDynasty: string | undefined,
  limit: number,
  offset: number,
  viewerId?: number,
) {
  const { who } = await resolve(db, rawName, rawDynasty);
  const [ids, n] = await Promise.all([
    q.worksOf(db, who.name, who.dynasty, limit, offset, viewerId),
    viewerId ? q.worksCountFor(db, who.name, who.dynasty, viewerId) : null,
  ]);
  const cards = await cardsOf(
    db,
    ids.map((r) => r.id),
    viewerId,
  );
  return {
    list: cards.filter((r) => r.status === 'published').map(presentCard),
    ...(n === null || n === undefined ? exactTotal(who.works) : cappedTotal(n)),
  };
}

/** The dynasties in reading order with their authors and works, each with its eras (隋唐: 隋, 唐). */
export async function dynasties(db: Db): Promise<{ list: DynastyGroup[] }> {
  const counted = new Map((await q.erasCounted(db)).map((r) => [r.dynasty, r]));
  return {
    list: DYNASTY_GROUPS.map((g) => {
      const eras = g.eras.map((era) => ({ name: era, authors: counted.get(era)?.authors ?? 0, works: counted.get(era)?.works ?? 0 }));
      return {
        name: g.name,
        authors: eras.reduce((n, e) => n + e.authors, 0),
        works: eras.reduce((n, e) => n + e.works, 0),
        eras: eras.filter((e) => e.authors > 0),
      };
    }),
  };
}

/** A page of a dynasty's (or one of its eras') authors, most published first. */
export async function dynastyAuthors(db: Db, dynasty: string, limit: number, offset: number) {
  const eras = erasOf(dynasty);
  if (!eras) throw invalid(`dynasty 未知的朝代：${dynasty}`);
  const { rows, total } = await q.authorsOfEras(db, eras, limit, offset);
  return { dynasty, group: groupOf(dynasty)!, list: rows.map(brief), ...exactTotal(total) };
}

/** The sitemap's author pages: (name, era) of people with published texts. */
export const sitemapAuthors = (db: Db, n: number) => q.sitemapAuthors(db, n);
