import net from 'node:net';
/**
 * Environment → typed configuration, validated once at start. A bad value stops start-up with a message
 * that names every bad variable.
 */
import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.js';

const Env = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v), '必须是 postgres:// 或 postgresql:// 开头的连接串'),
    DATA_DIR: z.string().min(1).default('./data'),
    UPLOAD_DIR: z.string().optional(),
    REDIS_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || /^rediss?:\/\//.test(v), '必须是 redis:// 开头的地址'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    /** Load the starter library on first start of an empty database. */
    SEED_ON_START: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    SENSITIVE_WORDS_FILE: z.string().optional(),
    WECHAT_API_BASE: z.string().url().optional(),
    WECHAT_APP_ID: z.string().optional(),
    WECHAT_APP_SECRET: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx) => {
        const r = parseTrustProxy(v);
        if (typeof r === 'string') ctx.addIssue({ code: 'custom', message: r });
        return typeof r === 'string' ? false : r;
      }),
    PAYMENT_MANUAL_PAYEE: z.string().trim().max(60).optional(),
    PAYMENT_MANUAL_BANK: z.string().trim().max(60).optional(),
    PAYMENT_MANUAL_ACCOUNT: z.string().trim().max(60).optional(),
    PAYMENT_MANUAL_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(72),
    /** The site's public origin for canonical links, sitemaps and feeds; unset → taken from each request's Host. */
    PUBLIC_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
      .refine(
        (v) => v === undefined || /^https?:\/\/[^\s/?#]+$/.test(v),
        '必须是 http(s):// 开头、不带路径的网址，如 https://shiju.example.com',
      ),
  })
  .refine(
    (e) => {
      const set = [e.PAYMENT_MANUAL_PAYEE, e.PAYMENT_MANUAL_BANK, e.PAYMENT_MANUAL_ACCOUNT].filter(Boolean).length;
      return set === 0 || set === 3;
    },
    {
      message: 'PAYMENT_MANUAL_PAYEE、PAYMENT_MANUAL_BANK、PAYMENT_MANUAL_ACCOUNT 要么都设置，要么都不设置',
      path: ['PAYMENT_MANUAL_ACCOUNT'],
    },
  );

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  uploadDir: string;
  redisUrl?: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  webDist: string;
  seedOnStart: boolean;
  sensitiveWordsFile?: string;
  wechat: { apiBase?: string; appId?: string; appSecret?: string };
  /** false, a number of proxy hops, or the addresses/CIDRs of trusted proxies. */
  trustProxy: false | number | string[];
  /** Bank-transfer payment; off (null) unless payee, bank and account are all configured. */
  manualPayment: { payee: string; bank: string; account: string } | null;
  /** How long a pending order paid by transfer waits before it closes. */
  manualWindowHours: number;
  /** Origin for canonical links, sitemaps and feeds (no trailing slash); undefined → the request's own. */
  publicUrl?: string;
};

export class ConfigError extends Error {}

/**
 * TRUST_PROXY: `false`, the number of proxies in front of the server (`1` behind one load balancer), or a
 * comma-separated list of proxy addresses/CIDRs. `true` is refused: it would believe any X-Forwarded-For a
 * client makes up, and per-IP limits would then be bypassed by rotating the header. Answers a message when bad.
 */
export function parseTrustProxy(raw: string): false | number | string[] | string {
  const v = raw.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true')
    return 'true would trust any client-sent X-Forwarded-For; give the number of proxy hops (e.g. 1) or their addresses/CIDRs';
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : 'a hop count must be between 0 and 10';
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of list) {
    const [addr = '', prefix] = item.split('/');
    const family = net.isIP(addr);
    const maxPrefix = family === 4 ? 32 : 128;
    if (!family || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix)))
      return `"${item}" is not an IP address or CIDR (expected false, a hop count, or addresses like 10.0.0.0/8,127.0.0.1)`;
  }
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置错误 (invalid configuration):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    seedOnStart: e.SEED_ON_START,
    sensitiveWordsFile: e.SENSITIVE_WORDS_FILE,
    wechat: { apiBase: e.WECHAT_API_BASE, appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET },
    trustProxy: e.TRUST_PROXY,
    manualPayment:
      e.PAYMENT_MANUAL_PAYEE && e.PAYMENT_MANUAL_BANK && e.PAYMENT_MANUAL_ACCOUNT
        ? { payee: e.PAYMENT_MANUAL_PAYEE, bank: e.PAYMENT_MANUAL_BANK, account: e.PAYMENT_MANUAL_ACCOUNT }
        : null,
    manualWindowHours: e.PAYMENT_MANUAL_WINDOW_HOURS,
    publicUrl: e.PUBLIC_URL,
  };
}

/**
 * Reads `.env` (or the file named by ENV_FILE) from the working directory into process.env, once, before
 * loadConfig. Variables already set in the environment win over the file, so systemd or a container runtime
 * can still override it. Returns the file read, if any.
 */
export function readEnvFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const file = path.resolve(env.ENV_FILE ?? '.env');
  if (!fs.existsSync(file)) {
    if (env.ENV_FILE) throw new ConfigError(`配置错误 (invalid configuration):\n  - ENV_FILE: 文件不存在 ${file}`);
    return null;
  }
  process.loadEnvFile(file);
  return file;
}
