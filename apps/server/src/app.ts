/**
 * Builds the Fastify instance: used by main.ts and by every test (through `app.inject()`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import { LIMITS, PAGES, type CallId } from '@shiju/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandling, sendApiNotFound } from './http/envelope.js';
import { registerCalls, type Handlers } from './http/routes.js';
import { handlers } from './modules/index.js';
import { flushViews } from './modules/essays/views.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Close the database with the app (main.ts); tests close it themselves. */
  ownsDatabase?: boolean;
  handlers?: Handlers;
  rateLimits?: Partial<Record<CallId, { max: number; timeWindow: number }>>;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
}

/** Per-IP limits on calls that create things or can be abused; login has its own throttle (A0211). */
export const DEFAULT_RATE_LIMITS: Partial<Record<CallId, { max: number; timeWindow: number }>> = {
  register: { max: 20, timeWindow: 10 * 60 * 1000 },
  login: { max: 60, timeWindow: 60 * 1000 },
  upload: { max: 30, timeWindow: 60 * 1000 },
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.oldPassword', '*.newPassword', '*.accessToken'],
              censor: '[redacted]',
            },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  });

  // While shutting down, answers in flight close their connection, so keep-alive clients do not hold the
  // server open after their last answer.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
  });

  await app.register(rateLimit, {
    global: false,
    ...(config.redisUrl ? { redis: new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }), nameSpace: 'shiju-rl:' } : {}),
  });
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 5 } });

  await app.register(swagger, {
    openapi: {
      info: { title: '拾句 API', version: '1.0.0', description: '所有响应均为 { code, msg, data }；code 为 "00000" 表示成功。' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerErrorHandling(app);
  registerCalls(app, { db: database.db, config }, opts.handlers ?? handlers, opts.rateLimits ?? DEFAULT_RATE_LIMITS);
  await registerWeb(app, config);

  // onClose hooks run last-registered first: views are flushed before the database closes.
  if (opts.ownsDatabase) app.addHook('onClose', async () => database.close());
  app.addHook('onClose', async () => flushViews(database.db));
  return app;
}

const SPA_ROUTES = new Set<string>(['/', ...PAGES.map((p) => p.path)]);

/** The built web app: hashed assets cached for a year, index.html never cached, SPA fallback. */
async function registerWeb(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(config.webDist, filePath);
        res.header('cache-control', rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  fs.mkdirSync(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: !hasWeb,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.header('x-content-type-options', 'nosniff');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) return sendApiNotFound(req, reply);
    if (!hasWeb) return reply.status(404).type('text/plain; charset=utf-8').send('网页尚未构建：请先运行 npm run build');
    const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // Unknown addresses still get the app (it shows its 404 page), with a truthful status.
    return reply
      .status(SPA_ROUTES.has(normalised) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html', config.webDist);
  });
}
