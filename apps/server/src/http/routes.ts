/**
 * Registers every call of the contract on Fastify. The contract gives method, path, auth, schemas and the domain
 * (the OpenAPI tag); modules give handlers, one for every call: a call left without one stops the start.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { calls, RAW_RESPONSES, type CallData, type CallId, type CallDef, type CallParsed } from '@shiju/contract';
import { forbidden, invalid, unauthenticated } from './errors.js';
import { ok, RawAnswer } from './envelope.js';
import { describeIssue, envelopeSchema, errorResponses, toJsonSchema } from './schemas.js';
import { assertCleanInput } from './input.js';
import { readToken, visitorKey, type Caller, type SessionStore } from './auth.js';
import type { UserRow } from '../db/types.js';
import type { Reader } from '../db/reader.js';
import { isPrerender } from './prerender.js';
import { freshnessOf } from './caching.js';

/** What a handler gets for one request; the module's dependencies it has from its factory. */
export type Ctx<K extends CallId> = CallParsed<K> & {
  req: FastifyRequest;
  reply: FastifyReply;
  caller: Caller;
  /** The signed-in user; only valid on calls whose auth is required or admin. */
  me: UserRow;
  /** The body exactly as sent, on a provider's callback (`rawCallback`); '' elsewhere. */
  rawBody: string;
};

export type Handler<K extends CallId> = (ctx: Ctx<K>) => Promise<CallData<K> | RawAnswer>;
export type Handlers = { [K in CallId]?: Handler<K> };

export function defineHandlers<H extends Handlers>(h: H): H {
  return h;
}

/**
 * The route table from each module's handlers, by module name: one handler a call. A call answered by two modules
 * stops the start, naming both (spread together, the later would win silently).
 */
export function handlerTable(byModule: Record<string, Handlers>): Handlers {
  const table: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const [module, handlers] of Object.entries(byModule))
    for (const [id, handler] of Object.entries(handlers)) {
      const first = owner.get(id);
      if (first) throw new Error(`call ${id} has two handlers: in the ${first} and ${module} modules`);
      owner.set(id, module);
      table[id] = handler;
    }
  return table as Handlers;
}

/** The calls of the contract that `handlers` has no handler for. */
export function missingHandlers(handlers: Handlers): CallId[] {
  return (Object.keys(calls) as CallId[]).filter((id) => !handlers[id]);
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  assertCleanInput(value, part);
  const r = schema.safeParse(value ?? (part === '请求体' ? {} : value));
  if (!r.success) throw invalid(describeIssue(r.error.issues[0]!, part));
  return r.data;
}

async function identify(req: FastifyRequest, reply: FastifyReply, def: CallDef, sessions: SessionStore): Promise<Caller> {
  if (isPrerender(req)) {
    if (def.auth === 'required' || def.auth === 'admin') throw unauthenticated();
    return { user: null, sessionId: null, viewerKey: 'prerender', prerender: true, blocksSomeone: false };
  }
  const token = readToken(req);
  const session = !token ? null : def.auth === 'optional' ? await sessions.read(token) : await sessions.resolve(token);
  if (!session && (def.auth === 'required' || def.auth === 'admin')) throw unauthenticated();
  if (session && def.auth === 'admin' && session.user.role !== 'admin') throw forbidden();
  if (session)
    return { user: session.user, sessionId: session.sessionId, viewerKey: `u:${session.user.id}`, blocksSomeone: session.blocksSomeone };
  return { user: null, sessionId: null, viewerKey: `v:${visitorKey(req, reply)}`, blocksSomeone: false };
}

/**
 * Calls sent with POST that only read (the seed's API), or whose only write is one the writer never reads back (a
 * view, an ad's click, the daily activity report): they leave the caller's reads on the replicas.
 */
const POST_READS = new Set<CallId>([
  'essaysPage',
  'essayDetails',
  'essayView',
  'ranking',
  'checkDuplicates',
  'coachParallel',
  'adsPage',
  'adsClick',
  'userActive',
]);

/** Whether a call may change what its caller reads next (db/reader.ts sends their reads to the primary for a while). */
export const writesFor = (id: CallId, def: CallDef) => def.method !== 'GET' && !POST_READS.has(id);

export function registerCalls(
  app: FastifyInstance,
  sessions: SessionStore,
  reader: Pick<Reader, 'wrote'>,
  handlers: Handlers,
  rateLimits: Partial<Record<CallId, { max: number; timeWindow: number }>>,
) {
  const missing = missingHandlers(handlers);
  if (missing.length) throw new Error(`calls without a handler: ${missing.join(', ')}`);
  // Validation is the contract's (zod) job inside the handler wrapper; Fastify's own validator is off.
  app.setValidatorCompiler(() => () => true);

  for (const [id, def] of Object.entries(calls) as [CallId, CallDef][]) {
    const handler = handlers[id] as (ctx: Ctx<CallId>) => Promise<unknown>;
    const schema: Record<string, unknown> = {
      operationId: id,
      summary: def.summary,
      description: `auth: ${def.auth}; errors: ${def.errors.join(', ') || 'none'}`,
      tags: [def.domain],
      response: { 200: envelopeSchema(def.response), ...errorResponses(def.errors) },
    };
    if (def.params) schema.params = toJsonSchema(def.params, 'input');
    if (def.query) schema.querystring = toJsonSchema(def.query, 'input');
    if (def.body) schema.body = toJsonSchema(def.body, 'input');
    if (def.multipart) schema.consumes = ['multipart/form-data'];
    // A token is required, or optional (an empty requirement: the call also works without one).
    if (def.auth !== 'none') schema.security = def.auth === 'optional' ? [{ bearer: [] }, {}] : [{ bearer: [] }];

    const raw = def.rawCallback ? RAW_RESPONSES[def.rawCallback as keyof typeof RAW_RESPONSES] : undefined;
    if (raw) {
      // The 200 answer is the provider's protocol (raw.ts), described for the OpenAPI document only.
      schema.response = { 200: { description: `${raw.contentType}: ${raw.reader}` }, ...errorResponses(def.errors) };
    }
    const limit = rateLimits[id];
    const writes = writesFor(id, def);
    const register = (scope: FastifyInstance) =>
      scope.route({
        method: def.method,
        url: def.path,
        schema,
        // The server's own prerendering calls are not the reader's: the page request they serve is.
        // GET answers say how long shared caches may keep them (http/caching.ts); POST reads stay uncached.
        config: {
          rateLimit: limit ? { ...limit, allowList: (req: FastifyRequest) => isPrerender(req) } : false,
          freshness: def.method === 'GET' && !raw ? freshnessOf(id, def) : undefined,
        },
        handler: async (req, reply) => {
          const caller = await identify(req, reply, def, sessions);
          const params = parsePart(def.params, req.params, '路径参数');
          const query = parsePart(def.query, req.query, '查询参数');
          const rawBody = raw && typeof req.body === 'string' ? req.body : '';
          const body = def.multipart || raw ? undefined : parsePart(def.body, req.body, '请求体');
          const ctx = {
            params,
            query,
            body,
            req,
            reply,
            caller,
            rawBody,
            get me(): UserRow {
              if (!caller.user) throw unauthenticated();
              return caller.user;
            },
          } as Ctx<CallId>;
          const result = await handler(ctx);
          // Before the answer leaves: the writer's next read, on any process, must find the write.
          if (writes && caller.user) await reader.wrote(caller.user.id);
          if (result instanceof RawAnswer)
            return reply.status(result.status).headers(result.headers).type(result.contentType).send(result.body);
          return ok(result);
        },
      });
    if (!raw) register(app);
    else
      // A provider's callback gets its body as the exact text sent, whatever its type (JSON for WeChat Pay, a
      // form for Alipay): the signature covers those bytes. Only inside this scope; every other call keeps its parsers.
      void app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
        register(scope);
      });
  }
}
