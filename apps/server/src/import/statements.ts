/**
 * The importer's statements: the catalogue rows, the texts and their links, the counters recomputed after an import,
 * and the site content a new database starts with.
 */
import { and, asc, eq, getTableColumns, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { aliased, columnNames } from '../db/names.js';
import {
  ads,
  announcements,
  authorProfiles,
  classifications,
  classificationTagRel,
  essayAliases,
  essays,
  essayTags,
  importedEngagement,
  products,
  tags,
  themes,
  users,
} from '../db/schema.js';
import type { ThemeLayout } from '@shiju/contract';

// ---------- catalogue ----------

/**
 * Inserts the row unless one with the same value in `key` exists: for the site's own rows (classifications,
 * announcements, ads, plans), whose tables have no unique key to conflict on. `row` is keyed by the table's fields.
 */
async function insertUnlessPresent(db: Db, table: PgTable, key: string, row: Record<string, unknown>) {
  const columns = getTableColumns(table);
  const fields = Object.keys(row);
  await db.execute(sql`insert into ${table} (${columnNames(...fields.map((f) => columns[f]!))})
    select ${sql.join(
      fields.map((f) => sql`${row[f]}`),
      sql`, `,
    )}
    where not exists (select 1 from ${table} where ${columns[key]!} = ${row[key]})`);
}

export function classificationIds(db: Db) {
  return db.select({ id: classifications.id, name: classifications.name }).from(classifications);
}

export async function insertTags(db: Db, rows: (typeof tags.$inferInsert)[]) {
  await db.insert(tags).values(rows).onConflictDoNothing();
}

export function firstLevelTags(db: Db) {
  return db.select({ id: tags.id, name: tags.name }).from(tags).where(isNull(tags.parentId));
}

export function allTags(db: Db) {
  return db.select({ id: tags.id, name: tags.name, parentId: tags.parentId }).from(tags);
}

export async function insertClassificationTags(db: Db, rows: (typeof classificationTagRel.$inferInsert)[]) {
  await db.insert(classificationTagRel).values(rows).onConflictDoNothing();
}

/** Links every first-level tag a published text carries to that text's classification. */
export async function linkUsedTags(db: Db): Promise<void> {
  const e = alias(essays, 'e');
  const et = alias(essayTags, 'et');
  const t = alias(tags, 't');
  await db.execute(sql`insert into ${classificationTagRel} (${columnNames(classificationTagRel.classificationId, classificationTagRel.tagId, classificationTagRel.sort)})
    select distinct ${e.classificationId}, ${t.id}, 1000
    from ${aliased(e)}
    join ${aliased(et)} on ${et.essayId} = ${e.id}
    join ${aliased(t)} on ${t.id} = ${et.tagId} and ${t.parentId} is null
    where ${e.classificationId} is not null and ${e.status} = 'published'
    on conflict do nothing`);
}

// ---------- start ----------

/** A database nobody has used yet: no users at all. */
export async function noUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

// ---------- counters ----------

/** Every tag's published texts, recounted in one grouped pass (a correlated count per tag takes minutes on the corpus). */
export async function refreshTagCounts(db: Db): Promise<void> {
  const t2 = alias(tags, 't2');
  const e = alias(essays, 'e');
  const counted = db
    .select({ tagId: essayTags.tagId, n: sql<number>`count(*)::int`.as('n') })
    .from(essayTags)
    .innerJoin(e, and(eq(e.id, essayTags.essayId), eq(e.status, 'published')))
    .groupBy(essayTags.tagId)
    .as('c');
  await db.execute(sql`update ${tags} set ${columnNames(tags.essayCount)} = coalesce(${counted.n}, 0)
    from ${aliased(t2)} left join ${counted} on ${counted.tagId} = ${t2.id}
    where ${t2.id} = ${tags.id} and ${tags.essayCount} is distinct from coalesce(${counted.n}, 0)`);
}

export async function refreshClassificationCounts(db: Db): Promise<void> {
  const k2 = alias(classifications, 'k2');
  const counted = db
    .select({ classificationId: essays.classificationId, n: sql<number>`count(*)::int`.as('n') })
    .from(essays)
    .where(eq(essays.status, 'published'))
    .groupBy(essays.classificationId)
    .as('c');
  await db.execute(sql`update ${classifications} set ${columnNames(classifications.essayCount)} = coalesce(${counted.n}, 0)
    from ${aliased(k2)} left join ${counted} on ${counted.classificationId} = ${k2.id}
    where ${k2.id} = ${classifications.id} and ${classifications.essayCount} is distinct from coalesce(${counted.n}, 0)`);
}

/** Published essays of the importing author, and the likes they have received. */
export async function refreshAuthorCounts(db: Db, authorId: number): Promise<void> {
  const counted = db
    .select({ n: sql<number>`count(*)::int`.as('n'), likes: sql<number>`coalesce(sum(${essays.likes}), 0)::int`.as('likes') })
    .from(essays)
    .where(and(eq(essays.authorId, authorId), eq(essays.status, 'published')))
    .as('c');
  await db.execute(sql`update ${users} set ${columnNames(users.essayCount)} = ${counted.n}, ${columnNames(users.likesReceived)} = ${counted.likes}
    from ${counted} where ${users.id} = ${authorId}`);
}

// ---------- site content ----------

/** Which of these usernames (lower case) have an account. */
export function usersNamed(db: Db, usernames: string[]) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, usernames));
}

export async function insertUsers(db: Db, rows: (typeof users.$inferInsert)[]) {
  await db.insert(users).values(rows).onConflictDoNothing();
}

export async function userIdNamed(db: Db, username: string): Promise<number | undefined> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username}`);
  return u?.id;
}

export async function insertThemeIfMissing(db: Db, type: number, layout: ThemeLayout) {
  await db.insert(themes).values({ type, layout }).onConflictDoNothing();
}

export const ensureClassification = (db: Db, row: Pick<typeof classifications.$inferInsert, 'name' | 'description' | 'sort'>) =>
  insertUnlessPresent(db, classifications, 'name', row);

export const ensureAnnouncement = (
  db: Db,
  row: Pick<typeof announcements.$inferInsert, 'title' | 'content' | 'pinned'> & { publishedAt: string; createdAt: string },
) => insertUnlessPresent(db, announcements, 'title', row);

export const ensureAd = (db: Db, row: Pick<typeof ads.$inferInsert, 'title' | 'image' | 'link' | 'position' | 'weight' | 'frequency'>) =>
  insertUnlessPresent(db, ads, 'title', row);

export const ensureProduct = (db: Db, row: Pick<typeof products.$inferInsert, 'name' | 'description' | 'priceFen' | 'days' | 'sort'>) =>
  insertUnlessPresent(db, products, 'name', row);

// ---------- texts ----------

export type EssayInsert = PgInsertValue<typeof essays>;

/** Inserts a batch of texts (a text whose import key exists already is skipped); answers those created. */
export function insertEssays(tx: Tx, rows: EssayInsert[]) {
  return tx.insert(essays).values(rows).onConflictDoNothing().returning({ id: essays.id, importKey: essays.importKey });
}

export async function insertEssayTags(tx: Tx, links: (typeof essayTags.$inferInsert)[]) {
  await tx.insert(essayTags).values(links).onConflictDoNothing();
}

/** Which of these import keys are aliases of texts merged into others (essay_aliases). */
export async function aliasedKeys(tx: Tx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx.select({ key: essayAliases.importKey }).from(essayAliases).where(inArray(essayAliases.importKey, keys));
  return new Set(rows.map((r) => r.key));
}

/** The stored texts with these import keys, with what a later run compares: their displayed fields and digest. */
export function importedTexts(tx: Tx, keys: string[]) {
  return tx
    .select({
      id: essays.id,
      importKey: essays.importKey,
      importHash: essays.importHash,
      sourceNotes: essays.sourceNotes,
      tones: essays.tones,
      provenance: essays.provenance,
      hasOriginal: sql<boolean>`${essays.originalContent} is not null`,
      type: essays.type,
      title: essays.title,
      content: essays.content,
      source: essays.source,
      workAuthor: essays.workAuthor,
      dynasty: essays.dynasty,
      workTitle: essays.workTitle,
      createdAt: essays.createdAt,
      updatedAt: essays.updatedAt,
    })
    .from(essays)
    .where(inArray(essays.importKey, keys));
}

export type ImportedTextFields = Pick<
  typeof essays.$inferInsert,
  | 'type'
  | 'title'
  | 'content'
  | 'summary'
  | 'source'
  | 'workAuthor'
  | 'dynasty'
  | 'workTitle'
  | 'sourceNotes'
  | 'tones'
  | 'provenance'
  | 'originalTitle'
  | 'originalContent'
  | 'importHash'
  | 'searchVersion'
> & { searchVector: SQL };

/** Rewrites a text the importer owns with what it displays now (counters, tags, status and dates stay). */
export async function rewriteImportedText(tx: Tx, id: number, set: ImportedTextFields) {
  await tx
    .update(essays)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(essays.id, id));
}

/** Records, in one statement, the digest and notes of texts whose displayed fields are already what the importer writes. */
export async function adoptImportedTexts(
  tx: Tx,
  rows: {
    id: number;
    importHash: string;
    sourceNotes: unknown;
    tones: string | null;
    provenance: string | null;
    originalTitle: string | null;
    originalContent: string | null;
  }[],
) {
  if (rows.length === 0) return;
  const byId = (value: (r: (typeof rows)[number]) => SQL) =>
    sql`case ${essays.id} ${sql.join(
      rows.map((r) => sql`when ${r.id} then ${value(r)}`),
      sql` `,
    )} end`;
  await tx
    .update(essays)
    .set({
      importHash: byId((r) => sql`${r.importHash}`),
      sourceNotes: byId((r) => sql`${JSON.stringify(r.sourceNotes)}::jsonb`),
      tones: byId((r) => sql`${r.tones}::text`),
      provenance: byId((r) => sql`${r.provenance}::varchar`),
      originalTitle: byId((r) => sql`${r.originalTitle}::text`),
      originalContent: byId((r) => sql`${r.originalContent}::text`),
    })
    .where(
      inArray(
        essays.id,
        rows.map((r) => r.id),
      ),
    );
}

export async function insertEngagement(tx: Tx, rows: (typeof importedEngagement.$inferInsert)[]) {
  await tx.insert(importedEngagement).values(rows).onConflictDoNothing();
}

// ---------- search reindex ----------

/** Texts whose search fields are older than `version`. */
export async function countStale(db: Db, version: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(essays)
    .where(lt(essays.searchVersion, version));
  return Number(row?.n ?? 0);
}

/**
 * The next `limit` texts after `after` whose search fields are older than `version`, with their tags' names and the
 * era (`eras`: collection tag → era) of the first first-level collection tag they carry.
 */
export function staleTexts(db: Db, after: number, version: number, eras: [string, string][], limit: number) {
  const t = alias(tags, 't');
  const et = alias(essayTags, 'et');
  const eraCase = sql.join(
    eras.map(([tag, era]) => sql`when ${tag} then ${era}`),
    sql` `,
  );
  return db
    .select({
      id: essays.id,
      type: essays.type,
      title: essays.title,
      content: essays.content,
      source: essays.source,
      workAuthor: essays.workAuthor,
      workTitle: essays.workTitle,
      dynasty: essays.dynasty,
      tags: sql<
        string[] | null
      >`(select array_agg(${t.name}) from ${aliased(et)} join ${aliased(t)} on ${t.id} = ${et.tagId} where ${et.essayId} = ${essays.id})`,
      era: sql<string | null>`(select case ${t.name} ${eraCase} end from ${aliased(et)} join ${aliased(t)} on ${t.id} = ${et.tagId}
        where ${et.essayId} = ${essays.id} and ${t.parentId} is null and ${t.name} in (${sql.join(
          eras.map(([tag]) => sql`${tag}`),
          sql`, `,
        )}) limit 1)`,
    })
    .from(essays)
    .where(and(gt(essays.id, after), lt(essays.searchVersion, version)))
    .orderBy(asc(essays.id))
    .limit(limit);
}

export async function updateSearchFields(
  tx: Tx,
  id: number,
  set: Pick<typeof essays.$inferInsert, 'workAuthor' | 'workTitle' | 'dynasty' | 'searchVersion'> & { searchVector: SQL },
) {
  await tx.update(essays).set(set).where(eq(essays.id, id));
}

/** The eras each name is cited in by the texts ('' for none): which author records are worth keeping, and where. */
export async function citedAuthors(db: Db): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectDistinct({ name: essays.workAuthor, dynasty: sql<string>`coalesce(${essays.dynasty}, '')` })
    .from(essays)
    .where(sql`${essays.workAuthor} is not null`);
  const cited = new Map<string, Set<string>>();
  for (const r of rows) cited.set(r.name!, (cited.get(r.name!) ?? new Set()).add(r.dynasty));
  return cited;
}

/**
 * Writes author records into the profiles (decision 0020): life years and biography, the count the triggers keep left
 * alone. 500 rows a statement, in key order.
 */
export async function upsertAuthorProfiles(
  db: Db,
  rows: { name: string; dynasty: string; born: number | null; died: number | null; bio: string }[],
) {
  const sorted = [...rows].sort((a, b) => (a.name === b.name ? (a.dynasty < b.dynasty ? -1 : 1) : a.name < b.name ? -1 : 1));
  for (let i = 0; i < sorted.length; i += 500)
    await db
      .insert(authorProfiles)
      .values(sorted.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [authorProfiles.name, authorProfiles.dynasty],
        set: { born: sql`excluded.born`, died: sql`excluded.died`, bio: sql`excluded.bio` },
      });
}
