/**
 * Statements of the author pages (decision 0020): author_profiles (an author is a name in an era, counts kept by the
 * triggers of migrations 0012 and 0019) and the texts citing one, read along essays_work_author_idx.
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { frozen, names } from '../../db/names.js';
import { authorProfiles, essays } from '../../db/schema.js';
import { popularitySql } from '../../lib/engagement.js';
import { blocksAnyone, notBlockedBy } from '../users/index.js';

export interface ProfileRow {
  name: string;
  dynasty: string;
  born: number | null;
  died: number | null;
  bio: string;
  works: number;
}

const p = authorProfiles;
const profileColumns = sql`${p.name}, ${p.dynasty}, ${p.born}, ${p.died}, ${p.bio}, ${p.works}`;

/**
 * The people of a name the site knows: cited by a published text, or described by a record. Most published first
 * (the one a bare name means), then by era.
 */
export function profilesNamed(db: Db, name: string): Promise<ProfileRow[]> {
  return rowsOf<ProfileRow>(
    db,
    sql`select ${profileColumns} from ${p} where ${p.name} = ${name}
      and (${p.works} > 0 or ${p.bio} <> '' or ${p.born} is not null or ${p.died} is not null)
      order by ${p.works} desc, ${p.dynasty}`,
  );
}

/** Other authors of these eras with published texts, most published first. */
export function peersOf(db: Db, eras: string[], except: string, n: number): Promise<ProfileRow[]> {
  return rowsOf<ProfileRow>(
    db,
    sql`select ${profileColumns} from ${p} where ${p.dynasty} in (${sql.join(
      eras.map((d) => sql`${d}`),
      sql`, `,
    )}) and ${p.works} > 0 and ${p.name} <> ${except} order by ${p.works} desc, ${p.name} limit ${n}`,
  );
}

/** Authors with published texts and their works, per era. */
export function erasCounted(db: Db): Promise<{ dynasty: string; authors: number; works: number }[]> {
  return rowsOf(
    db,
    sql`select ${p.dynasty} as dynasty, count(*)::int as authors, sum(${p.works})::int as works from ${p}
      where ${p.works} > 0 and ${p.dynasty} <> '' group by ${p.dynasty}`,
  );
}

/** A page of the authors of these eras with published texts, most published first, and how many there are. */
export async function authorsOfEras(db: Db, eras: string[], limit: number, offset: number) {
  const inEras = sql`${p.dynasty} in (${sql.join(
    eras.map((d) => sql`${d}`),
    sql`, `,
  )}) and ${p.works} > 0`;
  const [rows, [count]] = await Promise.all([
    rowsOf<ProfileRow>(
      db,
      sql`select ${profileColumns} from ${p} where ${inEras} order by ${p.works} desc, ${p.name} limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${p} where ${inEras}`),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Every author page worth listing in the sitemap: people with published texts. */
export function sitemapAuthors(db: Db, n: number): Promise<{ name: string; dynasty: string; primary: boolean }[]> {
  // The first of a name (most published, then by era, as profilesNamed orders them) is the one the bare name means.
  return rowsOf(
    db,
    sql`select ${p.name}, ${p.dynasty}, row_number() over (partition by ${p.name} order by ${p.works} desc, ${p.dynasty}) = 1 as "primary"
      from ${p} where ${p.works} > 0 order by ${p.works} desc, ${p.name} limit ${n}`,
  );
}

/** Rendered once (db/names.ts): the author pages are hot. */
const e = names(alias(essays, 'e'));
const byPopularity = frozen(sql`${popularitySql(e)} desc, ${e.id} desc`);

/** Published texts citing this person (the era-less citations under ''), without those of people the viewer blocked. */
const citing = (name: string, dynasty: string, viewerId?: number) =>
  sql`${e.workAuthor} = ${name} and ${e.status} = 'published' and coalesce(${e.dynasty}, '') = ${dynasty}${
    viewerId ? sql` and ${notBlockedBy(viewerId, e.authorId)}` : sql``
  }`;

/** A page of their texts, most engaged-with first (essays_work_author_idx's order). */
export function worksOf(db: Db, name: string, dynasty: string, limit: number, offset: number, viewerId?: number) {
  return rowsOf<{ id: number; title: string | null; summary: string }>(
    db,
    sql`select ${e.id}, ${e.title}, ${e.summary} from ${e} where ${citing(name, dynasty, viewerId)}
      order by ${byPopularity} limit ${limit} offset ${offset}`,
  );
}

/** For a viewer who blocked someone, how many of their texts they may see (up to the cap); null otherwise. */
export async function worksCountFor(db: Db, name: string, dynasty: string, viewerId: number): Promise<number | null> {
  const [r] = await rowsOf<{ n: number | null }>(
    db,
    sql`select case when ${blocksAnyone(viewerId)}
      then (select count(*) from (select 1 from ${e} where ${citing(name, dynasty, viewerId)} limit ${TOTAL_CAP + 1}) capped) end::int as n`,
  );
  return r?.n ?? null;
}
