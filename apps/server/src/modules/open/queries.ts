import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { OPEN_SENTENCE_RECENT } from '@shiju/contract';
import { aliased, columnName, columnNames } from '../../db/names.js';
import { classifications, essays, essayTags, sentenceDraws, tags, users } from '../../db/schema.js';
import { notBlockedBy } from '../users/index.js';
import { notMutedBy } from '../mutes/index.js';

export interface DrawFilter {
  classificationId?: number;
  tagId?: number;
  minLength?: number;
  maxLength?: number;
  author?: string;
}

type EssayRow = typeof essays.$inferSelect;

/** A drawn sentence: the text's columns, its classification's name and its tags (the keys the service reads). */
export type DrawnRow = Pick<EssayRow, 'id' | 'content' | 'source' | 'dynasty' | 'original'> & {
  work_author: EssayRow['workAuthor'];
  work_title: EssayRow['workTitle'];
  attribution_status: EssayRow['attributionStatus'];
  imported: boolean;
  /** The poster's nickname and whether an editor (or the importer) posted it: the credit's 收录/分享. */
  poster_nickname: (typeof users.$inferSelect)['nickname'];
  posted_by_editor: boolean;
  classification_id: EssayRow['classificationId'];
  classification_name: (typeof classifications.$inferSelect)['name'] | null;
  tags: Pick<typeof tags.$inferSelect, 'id' | 'name'>[];
};

const e = alias(essays, 'e');
const c = alias(classifications, 'c');
const et = alias(essayTags, 'et');
const t = alias(tags, 't');
const u = alias(users, 'u');

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);

function conditions(f: DrawFilter, exclude: number[], viewerId?: number): SQL {
  const parts: SQL[] = [sql`${e.status} = 'published'`, sql`${e.type} = 'sentence'`];
  if (viewerId) parts.push(notBlockedBy(viewerId, e.authorId), notMutedBy(viewerId, e));
  if (f.classificationId) parts.push(sql`${e.classificationId} = ${f.classificationId}`);
  if (f.tagId) parts.push(sql`exists (select 1 from ${aliased(et)} where ${et.essayId} = ${e.id} and ${et.tagId} = ${f.tagId})`);
  if (f.minLength) parts.push(sql`char_length(${e.content}) >= ${f.minLength}`);
  if (f.maxLength) parts.push(sql`char_length(${e.content}) <= ${f.maxLength}`);
  if (f.author) {
    const a = likeEscape(f.author);
    parts.push(sql`(${e.workAuthor} = ${f.author} or ${e.source} = ${f.author} or ${e.source} like ${a + '《%'})`);
  }
  if (exclude.length) parts.push(sql`${e.id} <> all(${`{${exclude.join(',')}}`}::int[])`);
  return sql.join(parts, sql` and `);
}

/**
 * One sentence at a random point of the id space: an index probe from a random pivot forward (and, when
 * nothing lies after it, from the start), so a draw costs a short primary-key walk, never a sort of the
 * table by random(). Ids are not perfectly even (gaps make their successors likelier), which is fine for
 * "a sentence a visit". A signed-in reader (`viewerId`) is not drawn the sentences of people they blocked.
 */
export async function drawOne(db: Db, f: DrawFilter, exclude: number[], pivot: number, viewerId?: number): Promise<DrawnRow | null> {
  const where = conditions(f, exclude, viewerId);
  const pick = (from: SQL) =>
    db.execute<DrawnRow>(sql`
      select ${e.id}, ${e.content}, ${e.source}, ${e.workAuthor}, ${e.workTitle}, ${e.dynasty}, ${e.original}, ${e.attributionStatus},
        ${e.importKey} is not null as imported, ${u.nickname} as poster_nickname,
        (${e.importKey} is not null or ${u.role} = 'admin') as posted_by_editor, ${e.classificationId}, ${c.name} as classification_name,
        coalesce((select json_agg(json_build_object('id', ${t.id}, 'name', ${t.name}) order by ${t.parentId} nulls first, ${t.id})
          from ${aliased(et)} join ${aliased(t)} on ${t.id} = ${et.tagId} where ${et.essayId} = ${e.id}), '[]'::json) as tags
      from ${aliased(e)} join ${aliased(u)} on ${u.id} = ${e.authorId} left join ${aliased(c)} on ${c.id} = ${e.classificationId}
      where ${where} and ${from}
      order by ${e.id} limit 1`);
  const after = await pick(sql`${e.id} >= ${pivot}`);
  if (after.rows[0]) return after.rows[0];
  const wrapped = await pick(sql`${e.id} < ${pivot}`);
  return wrapped.rows[0] ?? null;
}

/** The lowest and highest essay id (two index look-ups). */
export async function idRange(db: Db): Promise<{ lo: number; hi: number }> {
  const r = await db.execute<{ lo: number | null; hi: number | null }>(
    sql`select min(${essays.id}) as lo, max(${essays.id}) as hi from ${essays}`,
  );
  return { lo: Number(r.rows[0]?.lo ?? 1), hi: Number(r.rows[0]?.hi ?? 1) };
}

export async function recentDraws(db: Db, viewer: string): Promise<number[]> {
  const r = await db.execute<{ recent: number[] }>(
    sql`select ${sentenceDraws.recent} from ${sentenceDraws} where ${sentenceDraws.viewer} = ${viewer}`,
  );
  return (r.rows[0]?.recent ?? []).map(Number);
}

/** Puts `id` first in the viewer's recent list, keeping the newest 200. */
export async function rememberDraw(db: Db, viewer: string, id: number): Promise<void> {
  await db.execute(sql`
    insert into ${sentenceDraws} (${columnNames(sentenceDraws.viewer, sentenceDraws.recent, sentenceDraws.updatedAt)}) values (${viewer}, array[${id}]::int[], now())
    on conflict (${columnName(sentenceDraws.viewer)}) do update set ${columnName(sentenceDraws.recent)} = (array[${id}]::int[] || ${sentenceDraws.recent})[1:${OPEN_SENTENCE_RECENT}], ${columnName(sentenceDraws.updatedAt)} = now()`);
}
