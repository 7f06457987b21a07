/**
 * Environment → typed configuration, validated once at start. A bad value stops start-up with a message
 * that names every bad variable.
 */
import { z } from 'zod';
import path from 'node:path';

const Env = z.object({
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
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

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
  trustProxy: boolean;
};

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

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
  };
}
