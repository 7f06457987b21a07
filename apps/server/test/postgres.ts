/**
 * Test databases on PostgreSQL, made and dropped through TEST_DATABASE_URL's connection (its role needs CREATEDB).
 */
import crypto from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the admin connection, on a client of its own. */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the admin connection's server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name`, closing whatever sessions it still has. */
export function dropPostgres(adminUrl: string, name: string): Promise<void> {
  return adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

/** A brand-new database with a name of its own: empty, or a copy of `template`. */
export async function freshPostgres(adminUrl: string, template?: string) {
  const name = `shiju_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return { url: databaseUrl(adminUrl, name), drop: () => dropPostgres(adminUrl, name) };
}
