/**
 * The people and texts a test needs, made through the real API (as a reader or writer would make them), so each
 * test makes its own instead of leaning on what another test left behind.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CallInput } from '@shiju/contract';
import { users } from '../src/db/schema.js';
import { callAs, signUp, type TestContext } from './helper.js';

/** A signed-up reader: the sign-up's answer (token, userInfo as `user`, username, password) with its id and name. */
export type TestUser = Awaited<ReturnType<typeof signUp>> & {
  id: number;
  /** The username, as typed at sign-in. */
  name: string;
};

export interface UserOptions {
  /** A username of its own (a fresh unique one otherwise). */
  name?: string;
  password?: string;
}

/** A fresh reader, signed up through the API from an address of their own. */
export async function makeUser(app: FastifyInstance, opts: UserOptions = {}): Promise<TestUser> {
  const s = await signUp(app, opts.name, opts.password);
  return { ...s, id: s.user.id, name: s.username };
}

/**
 * A fresh editor. The first editor of a site is made by hand in the database (no call promotes a reader without an
 * editor), so this needs the test's database as well as its app.
 */
export async function makeAdmin(t: Pick<TestContext, 'app' | 'database'>, opts: UserOptions = {}): Promise<TestUser> {
  const u = await makeUser(t.app, opts);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, u.id));
  return u;
}

type WriteBody = CallInput<'createEssay'>['body'];
export type TextOptions = Partial<Omit<WriteBody, 'status'>> & Pick<WriteBody, 'content' | 'classificationId'>;

/** A text `author` publishes through the API (a sentence unless `type` says otherwise): the form the call answers with. */
export async function publishText(app: FastifyInstance, author: { token: string }, opts: TextOptions) {
  const r = await callAs(app, 'createEssay', { body: { type: 'sentence', ...opts, status: 'publish' } }, author.token);
  if (r.code !== '00000') throw new Error(`publishing failed: ${r.code} ${r.msg}`);
  return r.data;
}
