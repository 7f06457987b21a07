import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { OPEN_SENTENCE_RECENT } from '@shiju/contract';
import { notBlockedBy } from '../users/index.js';

export interface DrawFilter {
  classificationId?: number;
  tagId?: number;
  minLength?: number;
  maxLength?: number;
  author?: string;
}

export type DrawnRow = {
  id: number;
  content: string;
  source: string | null;
  classification_id: number | null;
  classification_name: string | null;
  tags: { id: number; name: string }[];
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);

function conditions(f: DrawFilter, exclude: number[], viewerId?: number): SQL {
  const parts: SQL[] = [sql`e.status = 'published'`, sql`e.type = 'sentence'`];
  if (viewerId) parts.push(notBlockedBy(viewerId, sql`e.author_id`));
  if (f.classificationId) parts.push(sql`e.classification_id = ${f.classificationId}`);
  if (f.tagId) parts.push(sql`exists (select 1 from essay_tags et where et.essay_id = e.id and et.tag_id = ${f.tagId})`);
  if (f.minLength) parts.push(sql`char_length(e.content) >= ${f.minLength}`);
  if (f.maxLength) parts.push(sql`char_length(e.content) <= ${f.maxLength}`);
  if (f.author) {
    const a = likeEscape(f.author);
    parts.push(sql`(e.source = ${f.author} or e.source like ${a + '《%'})`);
  }
  if (exclude.length) parts.push(sql`e.id <> all(${`{${exclude.join(',')}}`}::int[])`);
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
      select e.id, e.content, e.source, e.classification_id, c.name as classification_name,
        coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.parent_id nulls first, t.id)
          from essay_tags et join tags t on t.id = et.tag_id where et.essay_id = e.id), '[]'::json) as tags
      from essays e left join classifications c on c.id = e.classification_id
      where ${where} and ${from}
      order by e.id limit 1`);
  const after = await pick(sql`e.id >= ${pivot}`);
  if (after.rows[0]) return after.rows[0];
  const wrapped = await pick(sql`e.id < ${pivot}`);
  return wrapped.rows[0] ?? null;
}

/** The lowest and highest essay id (two index look-ups). */
export async function idRange(db: Db): Promise<{ lo: number; hi: number }> {
  const r = await db.execute<{ lo: number | null; hi: number | null }>(sql`select min(id) as lo, max(id) as hi from essays`);
  return { lo: Number(r.rows[0]?.lo ?? 1), hi: Number(r.rows[0]?.hi ?? 1) };
}

export async function recentDraws(db: Db, viewer: string): Promise<number[]> {
  const r = await db.execute<{ recent: number[] }>(sql`select recent from sentence_draws where viewer = ${viewer}`);
  return (r.rows[0]?.recent ?? []).map(Number);
}

/** Puts `id` first in the viewer's recent list, keeping the newest 200. */
export async function rememberDraw(db: Db, viewer: string, id: number): Promise<void> {
  await db.execute(sql`
    insert into sentence_draws (viewer, recent, updated_at) values (${viewer}, array[${id}]::int[], now())
    on conflict (viewer) do update set recent = (array[${id}]::int[] || sentence_draws.recent)[1:${OPEN_SENTENCE_RECENT}], updated_at = now()`);
}
