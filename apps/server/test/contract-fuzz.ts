/**
 * Bad requests derived from the contract, for every call: a plausible request built from each call's JSON
 * schema, then one part broken at a time (wrong types, out-of-range numbers, NUL and control characters,
 * huge and deeply nested values, bad JSON, wrong content types, bad path ids, crafted cursors). Seeded, so a
 * failure replays exactly. Used by `fuzz.test.ts` (bounded) and `scripts/fuzz.ts` (a longer run).
 */
import type { InjectOptions } from 'fastify';
import { calls, type RouteDef } from '@shiju/contract';
import { toJsonSchema, type JsonSchema } from '../src/http/schemas.js';

export interface FuzzCase {
  callId: string;
  what: string;
  request: InjectOptions;
  /** Send the caller's token (the case needs to get past the sign-in check to test validation). */
  signedIn: boolean;
}

/** mulberry32: tiny, fast, seedable. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });
const cursorOf = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Values that are wrong for almost any field. */
const BAD_VALUES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['control', '\u0007\u001b[31m'],
  ['lone surrogate', '\ud800x'],
  ['huge string', 'x'.repeat(300_000)],
  ['empty string', ''],
  ['spaces', '     '],
  ['negative', -1],
  ['zero', 0],
  ['float', 1.5],
  ['huge number', 1e308],
  ['beyond int4', 2 ** 31],
  ['boolean', true],
  ['null', null],
  ['array', [1, 'a', null]],
  ['object', { $gt: '' }],
  ['deep object', deep(60)],
  ['sql', "1' or '1'='1"],
  ['html', '<img src=x onerror=alert(1)>'],
  ['crafted cursor', cursorOf(['abc', 1])],
  ['crafted cursor 2', cursorOf([1e300, -1])],
  ['proto', { __proto__: { admin: true }, constructor: { prototype: {} } }],
];

const BAD_IDS = ['0', '-1', 'abc', '1.5', '99999999999999999999', '%00', 'null', '1e3', encodeURIComponent('1 or 1=1')];

function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  const s = schema as Record<string, any>;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const variants = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (variants?.length) return sample(variants.find((v) => (v as any).type !== 'null') ?? variants[0]);
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) out[k] = sample(v);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, Number(s.minimum ?? 1));
    case 'boolean':
      return false;
    case 'string':
      return 'a'.repeat(Math.max(1, Number(s.minLength ?? 2)));
    default:
      return 'a';
  }
}

function pathWith(def: RouteDef, id: string) {
  return def.path.replace(/:(\w+)/g, () => id);
}

function qs(obj: Record<string, unknown>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    p.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Every fuzz case for every call, shuffled by the seed and cut to `limit`. */
export function fuzzCases(seed: number, limit: number): FuzzCase[] {
  const rand = rng(seed);
  const out: FuzzCase[] = [];
  for (const [callId, def] of Object.entries(calls) as [string, RouteDef][]) {
    const signedIn = def.auth !== 'none';
    const goodPath = pathWith(def, '1');
    const query = def.query ? ((sample(toJsonSchema(def.query, 'input')) ?? {}) as Record<string, unknown>) : {};
    const body = def.body ? ((sample(toJsonSchema(def.body, 'input')) ?? {}) as Record<string, unknown>) : undefined;
    const base = (over: Partial<InjectOptions> = {}): InjectOptions => ({
      method: def.method,
      url: goodPath + qs(query),
      ...(body !== undefined ? { payload: body as object } : {}),
      ...over,
    });
    const add = (what: string, request: InjectOptions) => out.push({ callId, what, request, signedIn });

    add('plausible', base());
    if (def.params) for (const id of BAD_IDS) add(`path id ${id}`, base({ url: pathWith(def, id) + qs(query) }));
    const queryKeys = Object.keys(query).concat(['pageNum', 'cursor', 'q', 'unknownField']);
    for (const k of queryKeys)
      for (const [name, v] of BAD_VALUES)
        if (typeof v === 'string' || typeof v === 'number') add(`query ${k}=${name}`, base({ url: goodPath + qs({ ...query, [k]: v }) }));
    if (def.method !== 'GET') {
      const keys = Object.keys(body ?? {}).concat(['unknownField']);
      for (const k of keys) for (const [name, v] of BAD_VALUES) add(`body ${k}=${name}`, base({ payload: { ...(body ?? {}), [k]: v } }));
      for (const [name, v] of BAD_VALUES)
        add(`whole body ${name}`, base({ payload: JSON.stringify(v), headers: { 'content-type': 'application/json' } }));
      add('bad JSON', base({ payload: '{"a":', headers: { 'content-type': 'application/json' } }));
      add('text/plain', base({ payload: 'hello', headers: { 'content-type': 'text/plain' } }));
      add('form', base({ payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
      add('bad multipart', base({ payload: '--x\r\nnope', headers: { 'content-type': 'multipart/form-data; boundary=x' } }));
      add('json array', base({ payload: '[1,2,3]', headers: { 'content-type': 'application/json' } }));
    }
  }
  // Fisher–Yates with the seeded generator, then a bounded slice that still keeps every call's plausible case.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  const plausible = out.filter((c) => c.what === 'plausible');
  const rest = out.filter((c) => c.what !== 'plausible').slice(0, Math.max(0, limit - plausible.length));
  return [...plausible, ...rest];
}

/** What must never appear in an answer body. */
export const LEAKS = [
  /\n\s+at /,
  /node_modules/,
  /\/work\//,
  /\bselect\b.+\bfrom\b/i,
  /\binsert into\b/i,
  /duplicate key/i,
  /syntax error/i,
  /stack/i,
];
