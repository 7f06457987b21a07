/**
 * Schema names for hand-written statements, so every table and column in a `sql` template is a schema object
 * (test/sql-names.test.ts keeps it so) and a renamed column fails to compile instead of failing at run time.
 */
import { getTableColumns, getTableName, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { dialect } from './client.js';

/**
 * `"essays" "e"` for `const e = alias(essays, 'e')`, to write after FROM or JOIN: an alias interpolated alone renders
 * only its name, while its columns (`${e.authorId}`) render qualified by it.
 */
export function aliased(a: PgTable): SQL {
  const original = (a as unknown as Record<symbol, string>)[Symbol.for('drizzle:OriginalName')]!;
  return sql`${sql.identifier(original)} ${sql.identifier(getTableName(a))}`;
}

/**
 * A column's own name, unqualified, as the snake_case casing writes it: for an INSERT's column list and an UPDATE's
 * SET target, where PostgreSQL takes no table name.
 */
export function columnName(c: Column): SQL {
  return sql`${sql.identifier(c.keyAsName ? toSnakeCase(c.name) : c.name)}`;
}

/** Several columns' own names, comma-separated (an INSERT's column list). */
export function columnNames(...cs: Column[]): SQL {
  return sql.join(
    cs.map((c) => columnName(c)),
    sql`, `,
  );
}

/**
 * A fragment without values (names, joins, a select list) rendered to text once, at module load, for a hot
 * statement to interpolate at the cost of text. It must hold no values: they would be fixed at load, so it refuses.
 */
export function frozen(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error(`frozen: a fragment with values (${text})`);
  return sql.raw(text);
}
const isAlias = (t: PgTable) =>
  Symbol.for('drizzle:OriginalName') in t &&
  getTableName(t) !== (t as unknown as Record<symbol, string>)[Symbol.for('drizzle:OriginalName')];

/** A table's or alias's names, rendered once: `${n}` is its FROM item and `${n.authorId}` a qualified column. */
export type Names<T extends PgTable> = { readonly [K in keyof T['_']['columns']]: SQL } & SQLWrapper;

/**
 * The names of a table or an alias (`names(alias(essays, 'e'))`) rendered to text once, at module load: `${e}` is
 * `"essays" "e"` after FROM or JOIN, `${e.authorId}` is `"e"."author_id"`. As cheap to interpolate as text, yet
 * still the schema's (a renamed column fails to compile). For hot statements: drizzle renders a column object anew
 * on every use (1–2 µs each), and a page of cards names about sixty.
 */
export function names<T extends PgTable>(t: T): Names<T> {
  const out: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(t))) out[key] = frozen(sql`${column}`);
  const from = frozen(isAlias(t) ? aliased(t) : sql`${t}`);
  return Object.assign(out, { getSQL: () => from, shouldOmitSQLParens: () => true }) as unknown as Names<T>;
}
