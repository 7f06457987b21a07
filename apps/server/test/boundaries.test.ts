/**
 * One owner for changes to a user. Lint refuses query-builder writes (`tx.update(users)`) outside the users and auth
 * modules; this test covers what lint cannot see: hand-written statements (`update ${users} …`) in sql templates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');
/** The users module owns these tables; auth keeps the sessions; the importer and migrations write before any user acts. */
const OWNERS = ['modules/users/', 'modules/auth/', 'import/', 'db/'];
const RAW_WRITE = /\b(update|insert\s+into|delete\s+from)\s+\$\{\s*(users|sessions|blocks)\s*\}/gi;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function rawUserWrites(text: string): string[] {
  return [...text.matchAll(RAW_WRITE)].map((m) => m[0]);
}

describe('one owner for changes to a user', () => {
  it('finds a hand-written write to users, sessions or blocks (the check can fail)', () => {
    expect(rawUserWrites('sql`update ${users} set bio = ${bio} where id = ${id}`')).toEqual(['update ${users}']);
    expect(rawUserWrites('sql`delete from ${ sessions } where user_id = 1`')).toHaveLength(1);
    expect(rawUserWrites('sql`insert into ${blocks} (blocker_id, blocked_id) values (1, 2)`')).toHaveLength(1);
    expect(rawUserWrites('sql`update ${essays} set likes = likes + 1`')).toEqual([]);
  });

  it('no statement outside the users and auth modules writes users, sessions or blocks', () => {
    const offenders = sourceFiles(src)
      .filter((f) => !OWNERS.some((o) => path.relative(src, f).startsWith(o)))
      .flatMap((f) => rawUserWrites(fs.readFileSync(f, 'utf8')).map((w) => `${path.relative(src, f)}: ${w}`));
    expect(offenders).toEqual([]);
  });
});
