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

/**
 * Readers whose accounts are two months old, so their likes weigh in full (the contract's like weight grows with the
 * liker's account age): what it takes for a text to qualify for the ranked lists.
 */
export async function makeEstablishedReaders(t: Pick<TestContext, 'app' | 'database'>, n: number): Promise<TestUser[]> {
  const readers = await Promise.all(Array.from({ length: n }, () => makeUser(t.app)));
  for (const r of readers)
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(users.id, r.id));
  return readers;
}

/** Liked by `n` established readers: enough (with n ≥ RANK_MIN_LIKES) to enter the ranked lists. */
export async function likedByEstablished(t: Pick<TestContext, 'app' | 'database'>, essayId: number, n: number): Promise<void> {
  for (const r of await makeEstablishedReaders(t, n)) await callAs(t.app, 'like', { body: { essayId } }, r.token);
}

type WriteBody = CallInput<'createEssay'>['body'];
export type TextOptions = Partial<Omit<WriteBody, 'status'>> & Pick<WriteBody, 'content' | 'classificationId'>;

/** A text `author` publishes through the API (a sentence unless `type` says otherwise): the form the call answers with. */
export async function publishText(app: FastifyInstance, author: { token: string }, opts: TextOptions) {
  const r = await callAs(app, 'createEssay', { body: { type: 'sentence', ...opts, status: 'publish' } }, author.token);
  if (r.code !== '00000') throw new Error(`publishing failed: ${r.code} ${r.msg}`);
  return r.data;
}
