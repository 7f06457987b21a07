/**
 * Builds the Fastify instance: used by main.ts and by every test (through `app.inject()`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import { LIMITS, PAGES, RAW_RESPONSES, type CallId } from '@shiju/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { clientError, frameworkError, registerErrorHandling, sendApiNotFound } from './http/envelope.js';
import { AppError } from './http/errors.js';
import { registerCalls, type Handlers } from './http/routes.js';
import { freshnessHook } from './http/caching.js';
import { createHandlers } from './modules/index.js';
import { registerOpenApiHeaders } from './modules/open/index.js';
import { logSerializers } from './lib/logSafe.js';
import { loadPrerenderer } from './modules/seo/index.js';
import { registerSeo } from './modules/seo/index.js';
import { createRuntime, type Clock, type Runtime } from './runtime.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { registerUploads } from './modules/files/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of shutdown: readiness fails and new requests answer B0002. */
    isClosing(): boolean;
    /** This app's in-memory state (runtime.ts); main.ts attaches the cluster's transport to its broadcast. */
    runtime: Runtime;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Close the database with the app (main.ts); tests close it themselves. */
  ownsDatabase?: boolean;
  /** Handlers that replace the modules' own for some calls (tests). */
  handlers?: Handlers;
  rateLimits?: Partial<Record<CallId, { max: number; timeWindow: number }>>;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
  /** The app's clock (runtime.now); the system's by default, a fixed one in tests. */
  clock?: Clock;
  /** How long a user's reads stay on the primary after their write (db/reader.ts); tests lengthen it. */
  readYourWritesMs?: number;
}

/** Per-IP limits on calls that create things or can be abused; login has its own throttle (A0211). Sign-ups: SIGNUPS_PER_IP. */
export const DEFAULT_RATE_LIMITS: Partial<Record<CallId, { max: number; timeWindow: number }>> = {
  register: { max: 20, timeWindow: 10 * 60 * 1000 },
  login: { max: 60, timeWindow: 60 * 1000 },
  upload: { max: 30, timeWindow: 60 * 1000 },
  openSentence: { max: 120, timeWindow: 60 * 1000 },
  // A reader counts one view per text page; far more than a reader opens in a minute.
  essayView: { max: 120, timeWindow: 60 * 1000 },
};

/** The origin uploads are read from besides the site's own, for the CSP's img-src. */
const storageOrigins = (config: Config) =>
  config.storage.kind === 's3' && config.storage.publicUrl ? [new URL(config.storage.publicUrl).origin] : [];

/** A hop count becomes proxy-addr's "trust the first n hops" function (Fastify's types take no number). */
function trustProxyOption(t: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'res.headers["set-cookie"]',
                '*.password',
                '*.oldPassword',
                '*.newPassword',
                '*.accessToken',
              ],
              censor: '[redacted]',
            },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Shutdown answers and transport failures are ours, as envelopes (below), not Fastify's plain bodies.
    return503OnClosing: false,
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });

  // While shutting down, answers in flight close their connection, so keep-alive clients do not hold the
  // server open after their last answer.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError('B0002');
  });
  app.decorate('isClosing', () => closing);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Uploads read straight from the storage's public address (STORAGE_PUBLIC_URL) are images of this site too.
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins(config)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // One framing policy: CSP frame-ancestors 'none' (X-Frame-Options SAMEORIGIN would contradict it).
    xFrameOptions: false,
    // HSTS only where the connection is really HTTPS (below), never over plain HTTP on a developer's machine.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
  });

  // GET calls say how long shared caches may keep them, from the bytes before compression (http/caching.ts).
  app.addHook('onSend', freshnessHook);

  // API answers above a kilobyte are compressed on the fly, at a brotli level cheap enough per request; built
  // assets already carry their precompressed variants (see registerWeb) and are left alone.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }) : null;
  // Redis away: logged, and the limiter lets requests through (skipOnError) rather than failing them.
  redis?.on('error', (err: Error) => app.log.warn({ err: { message: err.message } }, 'redis error (rate limits)'));
  await app.register(rateLimit, {
    global: false,
    // RateLimit-Limit / -Remaining / -Reset (the IETF draft's names), as API clients expect.
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: 'shiju-rl:', skipOnError: true } : {}),
  });
  if (redis) app.addHook('onClose', async () => void redis.quit().catch(() => {}));
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 5 } });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '拾句 API', version: '1.0.0', description: '所有响应均为 { code, msg, data }；code 为 "00000" 表示成功。' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  // The docs page keeps swagger-ui's own CSP (the hashes of its scripts and styles), with the site's one framing
  // policy and without upgrade-insecure-requests (the site's CSP leaves it out too: plain HTTP on a developer's machine).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (csp) =>
      csp
        .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .trim(),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const runtime = createRuntime(config, database, app.log, opts.clock, { redis, readYourWritesMs: opts.readYourWritesMs });
  app.decorate('runtime', runtime);
  const { httpRequests, httpDuration, registry } = runtime.metrics;
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the raw URL: one series per call, whatever the ids and queries.
    const labels = { route: req.routeOptions.url ?? 'unmatched', method: req.method, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  const metrics = RAW_RESPONSES.metrics;
  app.route({
    method: metrics.method,
    url: metrics.path,
    schema: { hide: true },
    handler: async (_req, reply) => reply.type(metrics.contentType).send(await registry.metrics()),
  });

  registerErrorHandling(app);
  registerOpenApiHeaders(app);
  const rateLimits = opts.rateLimits ?? {
    ...DEFAULT_RATE_LIMITS,
    register: { max: config.signupsPerIp, timeWindow: DEFAULT_RATE_LIMITS.register!.timeWindow },
  };
  registerCalls(
    app,
    runtime.sessions,
    runtime.reader,
    { ...createHandlers({ db: database.db, config, runtime }), ...opts.handlers },
    rateLimits,
  );
  await registerWeb(app, config);

  // onClose hooks run last-registered first: views are flushed before the database closes.
  if (opts.ownsDatabase) app.addHook('onClose', async () => database.close());
  app.addHook('onClose', async () => runtime.views.flush());
  app.addHook('onClose', async () => runtime.flushSearchCounts().catch((err: unknown) => app.log.warn({ err }, 'search counts not saved')));
  app.addHook('onClose', async () => runtime.mailer.close());
  return app;
}

const SPA_ROUTES = new Set<string>(['/', ...PAGES.map((p) => p.path)]);
/** The editor's console: its own section routes under /admin (the page itself tells readers it is not theirs). */
const isSpaRoute = (pathname: string) => SPA_ROUTES.has(pathname) || pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The built web app: brotli/gzip variants made at build time chosen by Accept-Encoding; hashed assets cached
 * for a year, index.html (also behind every app route) revalidated on every visit; SPA fallback.
 */
async function registerWeb(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // The public routes answer with their content rendered into index.html (modules/seo), 首页 and a text's page
  // drawn by the web app's own prerenderer when it is built.
  const prerenderer = hasWeb ? await loadPrerenderer(app, config.webDist) : null;
  registerSeo(app, config, hasWeb ? fs.readFileSync(indexFile, 'utf8') : null, prerenderer);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The prerenderer is the server's code, not an asset.
      allowedPath: (pathname) => !pathname.startsWith('/ssr/'),
      setHeaders(res, filePath) {
        const rel = path.relative(config.webDist, filePath).replace(/\.(br|gz)$/, '');
        const cache = rel.startsWith('assets' + path.sep)
          ? 'public, max-age=31536000, immutable'
          : rel === 'index.html'
            ? 'no-cache'
            : 'public, max-age=300';
        res.header('cache-control', cache);
      },
    });
  }
  await registerUploads(app, app.runtime.storage, !hasWeb);

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD'))
      return sendApiNotFound(req, reply);
    if (!hasWeb) return reply.status(404).type('text/plain; charset=utf-8').send('网页尚未构建：请先运行 npm run build');
    const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // Unknown addresses still get the app (it shows its 404 page), with a truthful status.
    return reply.status(isSpaRoute(normalised) ? 200 : 404).sendFile('index.html', config.webDist);
  });
}
