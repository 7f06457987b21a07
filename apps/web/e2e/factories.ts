/**
 * Calls by contract id and the texts and editors a journey needs, made through the suite's server the way the
 * server's own tests make them (apps/server/test/factories.ts).
 */
import { calls, fillPath, type CallData, type CallId, type CallInput } from '@shiju/contract';
import type { Account } from './essay-helpers.js';
import { baseURL } from './helpers.js';

/** The parts (params, query, body) call K declares; a part whose fields all have defaults may be left out. */
type Declared<K extends CallId> = {
  [P in keyof CallInput<K> as CallInput<K>[P] extends undefined ? never : P]: CallInput<K>[P];
};
type Omittable<T> = { [P in keyof T]: object extends T[P] ? P : never }[keyof T];
export type CallParts<K extends CallId> = Omit<Declared<K>, Omittable<Declared<K>>> & Partial<Pick<Declared<K>, Omittable<Declared<K>>>>;
type Args<K extends CallId> = object extends CallParts<K> ? [parts?: CallParts<K>, token?: string] : [parts: CallParts<K>, token?: string];

/**
 * Calls the suite's server by contract id, `callAs('createEssay', { body }, token)`, and answers the call's data;
 * an answer other than success throws with its code and message.
 */
export async function callAs<K extends CallId>(id: K, ...[parts, token]: Args<K>): Promise<CallData<K>> {
  const def = calls[id];
  const { params, query, body } = (parts ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') search.append(k, String(v));
  const path = fillPath(def.path, params) + (search.size ? `?${search}` : '');
  const res = await fetch(`${baseURL}${path}`, {
    method: def.method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: string; msg: string; data: CallData<K> };
  if (env.code !== '00000') throw new Error(`${id} (${def.method} ${path}): ${env.code} ${env.msg}`);
  return env.data;
}

/** The starter library's editor (README: demo accounts). */
export const DEMO_ADMIN = { username: 'shiju_admin', password: 'shiju2026' };

/** The demo editor, signed in through the API. */
export async function signInAdmin(): Promise<Account> {
  const s = await callAs('login', { body: DEMO_ADMIN });
  return { ...DEMO_ADMIN, nickname: s.userInfo.nickname, accessToken: s.accessToken, userInfo: s.userInfo };
}

type WriteBody = CallInput<'createEssay'>['body'];
export type TextOptions = Partial<Omit<WriteBody, 'status'>> & Pick<WriteBody, 'content'>;

/**
 * A text `author` writes through the API (a sentence unless `type` says otherwise), published or kept as a draft:
 * the form the call answers with, whose status says whether it went up or waits for review. Without a
 * classification it goes under the first one the site lists. Every journey makes its texts here.
 */
async function writeText(
  author: Pick<Account, 'accessToken'>,
  opts: TextOptions,
  status: WriteBody['status'],
): Promise<CallData<'createEssay'>> {
  const classificationId =
    opts.classificationId ?? (await callAs('classificationsPage', { query: { pageNum: 1, pageSize: 1 } })).list[0]!.id;
  return callAs('createEssay', { body: { type: 'sentence', ...opts, classificationId, status } }, author.accessToken);
}

/** A text `author` publishes (see writeText). */
export const publishText = (author: Pick<Account, 'accessToken'>, opts: TextOptions) => writeText(author, opts, 'publish');

/** A draft `author` keeps (see writeText). */
export const draftText = (author: Pick<Account, 'accessToken'>, opts: TextOptions) => writeText(author, opts, 'draft');
