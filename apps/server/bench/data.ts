/**
 * Readers for the benchmark: 50 signed-in users with likes, interests and 不感兴趣 marks, and comment pages on a few
 * hundred texts. Written once per database (later runs find them); counters move as the write paths move them.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { essays } from '../src/db/schema.js';
import { hashToken } from '../src/modules/auth/index.js';
import { createBroadcast } from '../src/lib/broadcast.js';
import { hotScoreSql } from '../src/lib/engagement.js';
import { refreshRankings } from '../src/modules/discovery/index.js';
import { reanchorHighlights } from '../src/modules/highlights/index.js';
import { plainOf } from '@shiju/contract/anchors';
import type { BenchData } from './workloads.js';

const READERS = 50;
const LIKES_EACH = 200;
const HIDDEN_EACH = 20;
const COMMENTED = 300;
const COMMENTS_EACH = 12;
/** 划线 on one long text: this many readers, each with HIGHLIGHTS_EACH passages (some with a public 想法). */
const HIGHLIGHTERS = 1000;
const HIGHLIGHTS_EACH = 10;

const tokenOf = (i: number) => `bench-reader-token-${String(i).padStart(4, '0')}-${'x'.repeat(24)}`;
const pick = (ids: number[], n: number) => Array.from({ length: n }, () => ids[Math.floor(Math.random() * ids.length)]!);
const intArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::int[]`;

/** Adds `n` to a counter of each text (as the write paths do: the counter, then its hot score). */
async function bump(db: Db, column: 'likes' | 'comments', ids: number[], n: number) {
  if (!ids.length) return;
  await db.execute(sql`update essays set ${sql.raw(column)} = ${sql.raw(column)} + ${n} where id = any(${intArray(ids)})`);
  await db
    .update(essays)
    .set({ hotScore: hotScoreSql(essays) })
    .where(inArray(essays.id, ids));
}

/** The first clause of 4–10 characters of a text (split at punctuation), or null. */
function clauseOf(text: string): string | null {
  return (
    text
      .split(/[\s\p{P}]+/u)
      .map((x) => x.trim())
      .find((x) => Array.from(x).length >= 4 && Array.from(x).length <= 10) ?? null
  );
}

export async function prepareBenchData(db: Db, kind: BenchData['kind']): Promise<BenchData> {
  const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(q)).rows;
  const ids = (await rows<{ id: number }>(sql`select id from essays where status = 'published' order by id`)).map((r) => Number(r.id));
  const tagIds = (await rows<{ id: number }>(sql`select id from tags where essay_count > 0`)).map((r) => Number(r.id));
  const readers: number[] = [];
  for (let i = 0; i < READERS; i++) {
    const name = `bench_reader_${i}`;
    await db.execute(sql`insert into users (username, nickname) values (${name}, ${`读者${i}`}) on conflict do nothing`);
    const [u] = await rows<{ id: number }>(sql`select id from users where lower(username) = ${name}`);
    const id = Number(u!.id);
    readers.push(id);
    await db.execute(sql`insert into sessions (user_id, token_hash, expires_at) values (${id}, ${hashToken(tokenOf(i))}, now() + interval '30 days')
      on conflict (token_hash) do update set expires_at = excluded.expires_at, revoked_at = null`);
    const [has] = await rows<{ n: number }>(sql`select count(*)::int as n from likes where user_id = ${id}`);
    if (Number(has!.n) > 0) continue;
    const liked = (
      await rows<{
        essay_id: number;
      }>(sql`insert into likes (user_id, essay_id) select ${id}, x from unnest(${intArray(pick(ids, LIKES_EACH))}) x
        on conflict do nothing returning essay_id`)
    ).map((r) => Number(r.essay_id));
    await bump(db, 'likes', liked, 1);
    await db.execute(sql`update users set likes_received = likes_received + x.n
      from (select author_id, count(*)::int as n from essays where id = any(${intArray(liked)}) group by author_id) x where users.id = x.author_id`);
    await db.execute(
      sql`insert into uninterested (user_id, essay_id) select ${id}, x from unnest(${intArray(pick(ids, HIDDEN_EACH))}) x on conflict do nothing`,
    );
    await db.execute(
      sql`insert into interests (user_id, tag_id) select ${id}, x from unnest(${intArray(pick(tagIds, 3))}) x on conflict do nothing`,
    );
  }
  let commented = (
    await rows<{ id: number }>(
      sql`select distinct essay_id as id from comments where user_id = any(${intArray(readers)}) and root_id is null`,
    )
  ).map((r) => Number(r.id));
  if (!commented.length) {
    commented = [...new Set(pick(ids, COMMENTED))];
    await db.execute(sql`insert into comments (essay_id, user_id, content, likes)
      select e, (${intArray(readers)})[1 + (g % ${READERS})], '写得真好，第' || g || '条', g % 5
      from unnest(${intArray(commented)}) e cross join generate_series(1, ${COMMENTS_EACH}) g`);
    await bump(db, 'comments', commented, COMMENTS_EACH);
  }
  const highlighted = await seedHighlights(db);
  const unhighlighted = await twinOf(db, highlighted);
  // Before the server starts: no app's caches to tell.
  await refreshRankings(db, createBroadcast());
  // Autovacuum may be off (it is on the benchmark machine): clear what the writes above left behind.
  await db.execute(sql`vacuum analyze`);
  const classificationIds = (await rows<{ id: number }>(sql`select id from classifications where essay_count > 0`)).map((r) =>
    Number(r.id),
  );
  const lines = (await rows<{ summary: string }>(sql`select summary from essays where status = 'published' order by random() limit 3000`))
    .map((r) => clauseOf(r.summary))
    .filter((x): x is string => x !== null);
  // Author pages: the most cited authors (陆游's 9,000 texts) and a sample of the rest.
  const authors = (
    await rows<{ name: string }>(sql`(select name from authors where works > 0 order by works desc limit 50)
      union (select name from authors where works > 0 order by random() limit 150)`)
  ).map((r) => r.name);
  return {
    kind,
    texts: ids.length,
    ids,
    classificationIds,
    tagIds,
    tokens: readers.map((_, i) => tokenOf(i)),
    commented,
    highlighted,
    unhighlighted,
    lines,
    authors,
  };
}

/**
 * The longest published essay with 10,000 highlights from 1,000 readers (every tenth with a public 想法), its
 * 热门划线 counters built by the highlights module's own rebuild; found again by later runs.
 */
async function seedHighlights(db: Db): Promise<number> {
  const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(q)).rows;
  const [e] = await rows<{ id: number; type: string; content: string }>(
    sql`select id, type, content from essays where status = 'published' and type = 'essay' order by char_length(content) desc, id limit 1`,
  );
  const id = Number(e!.id);
  const [has] = await rows<{ n: number }>(sql`select count(*)::int as n from highlights where essay_id = ${id}`);
  if (Number(has!.n) >= HIGHLIGHTERS * HIGHLIGHTS_EACH) return id;
  const plain = plainOf(e!.content, e!.type === 'essay');
  const length = Array.from(plain).length;
  await db.execute(sql`insert into users (username, nickname)
    select 'bench_hl_reader_' || g, '划线读者' || g from generate_series(1, ${HIGHLIGHTERS}) g on conflict do nothing`);
  await db.execute(sql`insert into highlights (user_id, essay_id, start, "end", quote, thought, thought_public, thought_at)
    select u.id, ${id}, x.s, x.s + x.l, substr(${plain}::text, x.s + 1, x.l),
      case when g = 1 and u.id % 10 = 0 then '读到这里，想起了很多。' end, g = 1 and u.id % 10 = 0, case when g = 1 and u.id % 10 = 0 then now() end
    from users u cross join generate_series(1, ${HIGHLIGHTS_EACH}) g
    cross join lateral (select floor(random() * greatest(1, ${length} - 40) + 0 * u.id * g)::int as s, 2 + floor(random() * 28)::int as l) x
    where u.username like 'bench_hl_reader_%'`);
  await db.transaction((tx) => reanchorHighlights(tx, id, { type: e!.type, content: e!.content }));
  return id;
}

/** A published copy of a text (same content, author and counters) without its highlights: the fair comparison. */
async function twinOf(db: Db, id: number): Promise<number> {
  const key = `bench:twin-${id}`;
  const find = async () => (await db.execute<{ id: number }>(sql`select id from essays where import_key = ${key} limit 1`)).rows[0]?.id;
  const found = await find();
  if (found) return Number(found);
  await db.execute(sql`insert into essays (type, title, content, summary, source, author_id, classification_id, status, published_at,
      work_author, dynasty, provenance, views, likes, collects, comments, import_key)
    select type, title, content, summary, source, author_id, classification_id, 'published', published_at,
      work_author, dynasty, provenance, views, likes, collects, comments, ${key}
    from essays where id = ${id}`);
  return Number(await find());
}
