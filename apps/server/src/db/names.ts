/**
 * Schema names for hand-written statements, so every table and column in a `sql` template is a schema object
 * (test/sql-names.test.ts keeps it so) and a renamed column fails to compile instead of failing at run time.
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';

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
