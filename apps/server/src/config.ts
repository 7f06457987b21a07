import net from 'node:net';
/**
 * Environment → typed configuration, validated once at start. A bad value stops start-up with a message
 * that names every bad variable.
 */
import { z } from 'zod';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.js';

/** WeChat Pay APIv3: each key may be given inline or as a file (`…_FILE`); the rest are plain values. */
const WECHATPAY_VARS = [
  'WECHATPAY_MCH_ID',
  'WECHATPAY_APP_ID',
  'WECHATPAY_MCH_SERIAL',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_API_V3_KEY_FILE',
  'WECHATPAY_PLATFORM_SERIAL',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHATPAY_NOTIFY_BASE',
] as const;
const ALIPAY_VARS = [
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY',
  'ALIPAY_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY',
  'ALIPAY_PUBLIC_KEY_FILE',
  'ALIPAY_SELLER_ID',
  'ALIPAY_NOTIFY_BASE',
] as const;

/** Object storage (STORAGE=s3); the secret key is kept as a Secret and never printed. */
const S3_VARS = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'STORAGE_PUBLIC_URL'] as const;

function optionalStrings<K extends string>(names: readonly K[]) {
  const v = z
    .string()
    .trim()
    .optional()
    .transform((x) => (x ? x : undefined));
  return Object.fromEntries(names.map((n) => [n, v])) as Record<K, typeof v>;
}

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
    /** Streaming replicas of DATABASE_URL for reads that tolerate lag, comma-separated (readUrls below checks each). */
    DATABASE_READ_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Server processes `npm start` runs on the one port (1 on the embedded database; the core count on PostgreSQL). */
    WORKERS: z.coerce.number({ message: '必须是 1 到 64 之间的整数' }).int('必须是整数').min(1, '至少为 1').max(64, '至多为 64').optional(),
    /** Seconds a start serves readers before the scheduled jobs that are due run (0: at once). */
    JOBS_START_DELAY: z.coerce
      .number({ message: '必须是 0 到 3600 之间的整数（秒）' })
      .int('必须是整数（秒）')
      .min(0, '不能为负数')
      .max(3600, '至多为 3600 秒')
      .default(30),
    UPLOAD_DIR: z.string().optional(),
    /** Where uploads and export archives live: `local` (UPLOAD_DIR, the default) or `s3` (any S3-compatible bucket). */
    STORAGE: z.enum(['local', 's3'], { message: '必须是 local 或 s3' }).default('local'),
    ...optionalStrings(S3_VARS),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'], { message: '必须是 true 或 false' })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
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
    /** Sign-ups allowed from one address per 10 minutes (a school or office behind one address may need more). */
    SIGNUPS_PER_IP: z.coerce.number().int().min(1).max(100000).default(20),
    /** Texts an account may publish per hour; accounts younger than a week have the second, stricter limit. */
    PUBLISHES_PER_HOUR: z.coerce
      .number({ message: '必须是 1 到 100000 之间的整数' })
      .int('必须是整数')
      .min(1, '至少为 1')
      .max(100000)
      .default(30),
    NEW_ACCOUNT_PUBLISHES_PER_HOUR: z.coerce
      .number({ message: '必须是 1 到 100000 之间的整数' })
      .int('必须是整数')
      .min(1, '至少为 1')
      .max(100000)
      .default(10),
    /** An ad's click counts once per visitor (and a few per address) within this many minutes. */
    AD_CLICK_WINDOW_MINUTES: z.coerce
      .number({ message: '必须是 1 到 43200 之间的整数（分钟）' })
      .int('必须是整数（分钟）')
      .min(1, '至少为 1 分钟')
      .max(43200, '至多为 43200 分钟（30 天）')
      .default(1440),
    ...optionalStrings(WECHATPAY_VARS),
    ...optionalStrings(ALIPAY_VARS),
    WECHATPAY_API_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
    ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
    /** Outgoing mail (email binding, password recovery): `smtp://user:pass@host:587` or `smtps://…:465`. */
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v), '必须是 smtp:// 或 smtps:// 开头的地址'),
    /** The sender of that mail, e.g. `拾句 <no-reply@example.com>`; required with SMTP_URL. */
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine(
        (v) => v === undefined || /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(v),
        '必须是邮箱地址，可带名字：拾句 <no-reply@example.com>',
      ),
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
    /** The site's ICP 备案号 (京ICP备12345678号), shown in every page's footer; unset → no such line. */
    ICP_BEIAN: z
      .string()
      .trim()
      .max(50, '最多 50 个字符')
      .regex(/^[^<>&\p{Cc}]*$/u, '只能是备案号文字，不能含 HTML 标记（< > &）或换行')
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((e) => !e.SMTP_URL || !!e.MAIL_FROM, { message: '设置了 SMTP_URL 时必须同时设置 MAIL_FROM', path: ['MAIL_FROM'] })
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
  /** Streaming replicas for lag-tolerant reads (DATABASE_READ_URL); empty → every read on the primary. */
  databaseReadUrls: string[];
  dataDir: string;
  /** The local storage's directory for uploads (UPLOAD_DIR); unused with STORAGE=s3. */
  uploadDir: string;
  /** Where uploads and export archives live (lib/storage.ts). */
  storage: StorageConfig;
  redisUrl?: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  webDist: string;
  seedOnStart: boolean;
  /** Server processes on the one port; always 1 on the embedded database (one process owns its files). */
  workers: number;
  /** How long a start serves readers before the due jobs run (JOBS_START_DELAY; jobs/scheduler.ts). */
  jobsStartDelayMs: number;
  sensitiveWordsFile?: string;
  wechat: { apiBase?: string; appId?: string; appSecret?: string };
  /** false, a number of proxy hops, or the addresses/CIDRs of trusted proxies. */
  trustProxy: false | number | string[];
  /** Bank-transfer payment; off (null) unless payee, bank and account are all configured. */
  manualPayment: { payee: string; bank: string; account: string } | null;
  /** How long a pending order paid by transfer waits before it closes. */
  manualWindowHours: number;
  /** Sign-ups allowed from one address per 10 minutes (SIGNUPS_PER_IP). */
  signupsPerIp: number;
  /** Texts an account may publish per hour (PUBLISHES_PER_HOUR; NEW_ACCOUNT_PUBLISHES_PER_HOUR the first week). */
  publishLimits: { perHour: number; newAccountPerHour: number };
  /** The window within which an ad's click counts once per visitor (AD_CLICK_WINDOW_MINUTES). */
  adClickWindowMinutes: number;
  /** WeChat Pay APIv3 (Native): null unless fully configured. */
  wechatPay: WechatPayConfig | null;
  /** Alipay (当面付 precreate): null unless fully configured. */
  alipay: AlipayConfig | null;
  /** Outgoing mail; null when SMTP_URL is unset (email binding and recovery then answer C0001). */
  mail: { url: string; from: string } | null;
  /** Origin for canonical links, sitemaps and feeds (no trailing slash); undefined → the request's own. */
  publicUrl?: string;
  /** The ICP 备案号 every page's footer shows (ICP_BEIAN); null → none. */
  icpBeian: string | null;
};

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** The service's address (OSS, COS, MinIO); undefined → AWS S3 of `region`. */
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: Secret;
      /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted services). */
      forcePathStyle: boolean;
      /** Where browsers read uploads directly (no trailing slash): `${publicUrl}/uploads/…`; undefined → through the app. */
      publicUrl?: string;
    };

/**
 * A key or password: readable by the code that needs it (`reveal()`), but printed, logged or serialised as
 * `[secret]`, so a config dump or an error report never carries it.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString() {
    return '[secret]';
  }
  toJSON() {
    return '[secret]';
  }
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return '[secret]';
  }
}

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (goes in the Authorization header). */
  mchSerial: string;
  /** The merchant API private key (PEM). */
  privateKey: Secret;
  /** The 32-byte APIv3 key that decrypts notifications. */
  apiV3Key: Secret;
  /** WeChat Pay's public key (PEM) and its id (`PUB_KEY_ID_…`, or a platform certificate's serial). */
  platformPublicKey: string;
  platformSerial: string;
  apiBase: string;
  /** Where the site is reachable from the internet; notifications go to {base}/api/v1/pay/wechat/notify. */
  notifyBase: string;
}

export interface AlipayConfig {
  appId: string;
  /** The application's private key (PEM, PKCS#1 or PKCS#8). */
  privateKey: Secret;
  /** Alipay's public key (PEM), which signs responses and notifications. */
  alipayPublicKey: string;
  /** The merchant's seller id (2088…), checked on notifications when given. */
  sellerId?: string;
  gateway: string;
  notifyBase: string;
}

export class ConfigError extends Error {}

/** A connection URL fit for logs and messages: its password replaced. */
export const safeUrl = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

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
  const problems: string[] = [];
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrls: readUrls(e, problems),
    dataDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    storage: storageConfig(e, problems),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    seedOnStart: e.SEED_ON_START,
    workers: e.WORKERS ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    jobsStartDelayMs: e.JOBS_START_DELAY * 1000,
    sensitiveWordsFile: e.SENSITIVE_WORDS_FILE,
    wechat: { apiBase: e.WECHAT_API_BASE, appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET },
    trustProxy: e.TRUST_PROXY,
    manualPayment:
      e.PAYMENT_MANUAL_PAYEE && e.PAYMENT_MANUAL_BANK && e.PAYMENT_MANUAL_ACCOUNT
        ? { payee: e.PAYMENT_MANUAL_PAYEE, bank: e.PAYMENT_MANUAL_BANK, account: e.PAYMENT_MANUAL_ACCOUNT }
        : null,
    manualWindowHours: e.PAYMENT_MANUAL_WINDOW_HOURS,
    signupsPerIp: e.SIGNUPS_PER_IP,
    publishLimits: { perHour: e.PUBLISHES_PER_HOUR, newAccountPerHour: e.NEW_ACCOUNT_PUBLISHES_PER_HOUR },
    adClickWindowMinutes: e.AD_CLICK_WINDOW_MINUTES,
    wechatPay: wechatPayConfig(e, problems),
    alipay: alipayConfig(e, problems),
    mail: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : null,
    publicUrl: e.PUBLIC_URL,
    icpBeian: e.ICP_BEIAN ?? null,
  };
  if (!e.DATABASE_URL && config.workers > 1)
    problems.push(`  - WORKERS: 嵌入式数据库只能由一个进程使用；设置 DATABASE_URL 使用 PostgreSQL 才能运行 ${config.workers} 个进程`);
  if (problems.length) throw new ConfigError(`配置错误 (invalid configuration):\n${problems.join('\n')}`);
  return config;
}

type ParsedEnv = z.infer<typeof Env>;

/**
 * DATABASE_READ_URL: one or more PostgreSQL URLs, comma-separated, each a streaming replica of DATABASE_URL. The
 * embedded database has no replicas, so the setting without DATABASE_URL is refused rather than silently unused.
 */
function readUrls(e: ParsedEnv, problems: string[]): string[] {
  if (!e.DATABASE_READ_URL) return [];
  const urls = e.DATABASE_READ_URL.split(',').map((u) => u.trim());
  if (!e.DATABASE_URL) {
    problems.push(
      '  - DATABASE_READ_URL: 只读副本只用于 PostgreSQL；嵌入式数据库没有副本，请同时设置 DATABASE_URL，或删除 DATABASE_READ_URL',
    );
    return [];
  }
  urls.forEach((u, i) => {
    const where = urls.length > 1 ? `第 ${i + 1} 个地址` : '地址';
    if (!u) problems.push(`  - DATABASE_READ_URL: ${where}为空（多个副本用英文逗号分隔，不要多写逗号）`);
    else if (!/^postgres(ql)?:\/\/[^\s]+$/.test(u))
      problems.push(`  - DATABASE_READ_URL: ${where}“${safeUrl(u)}”不是 postgres:// 或 postgresql:// 开头的连接串`);
    else if (u === e.DATABASE_URL) problems.push(`  - DATABASE_READ_URL: ${where}与 DATABASE_URL 相同；这里只填只读副本的地址`);
  });
  if (new Set(urls).size < urls.length) problems.push('  - DATABASE_READ_URL: 同一个副本地址出现了不止一次');
  return urls;
}

const S3_SETTINGS = [...S3_VARS, 'S3_FORCE_PATH_STYLE'] as const;

/**
 * STORAGE=local takes no S3 setting (one left over would silently do nothing); STORAGE=s3 needs the bucket and its
 * keys, a region unless an endpoint names the service, and takes no UPLOAD_DIR.
 */
function storageConfig(e: ParsedEnv, problems: string[]): StorageConfig {
  const given = S3_SETTINGS.filter((k) => e[k] !== undefined);
  if (e.STORAGE === 'local') {
    if (given.length)
      problems.push(`  - STORAGE: 设置了 ${given.join('、')}，但 STORAGE 不是 s3；使用对象存储请设置 STORAGE=s3，否则删除这些设置`);
    return { kind: 'local' };
  }
  if (e.UPLOAD_DIR) problems.push('  - UPLOAD_DIR: STORAGE=s3 时上传的图片存放在存储桶中，请删除 UPLOAD_DIR');
  const missing: string[] = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (!e.S3_ENDPOINT && !e.S3_REGION) missing.push('S3_REGION（或 S3_ENDPOINT）');
  if (missing.length) problems.push(`  - STORAGE=s3: 缺少 ${missing.join('、')}`);
  const url = (name: string, v: string | undefined, withPath: boolean) => {
    if (v === undefined) return undefined;
    const ok = withPath ? /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v) : /^https?:\/\/[^\s/?#]+\/?$/.test(v);
    if (!ok)
      problems.push(
        withPath
          ? `  - ${name}: 必须是 http(s):// 开头、不带查询参数的网址，如 https://cdn.example.com 或 http://127.0.0.1:9000/shiju`
          : `  - ${name}: 必须是 http(s):// 开头、不带路径的地址，如 https://oss-cn-hangzhou.aliyuncs.com`,
      );
    return v.replace(/\/+$/, '');
  };
  if (e.S3_BUCKET && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(e.S3_BUCKET))
    problems.push('  - S3_BUCKET: 存储桶名称只能含小写字母、数字、点和连字符，3 到 63 个字符');
  return {
    kind: 's3',
    endpoint: url('S3_ENDPOINT', e.S3_ENDPOINT, false),
    region: e.S3_REGION ?? 'us-east-1',
    bucket: e.S3_BUCKET ?? '',
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: new Secret(e.S3_SECRET_ACCESS_KEY ?? ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    publicUrl: url('STORAGE_PUBLIC_URL', e.STORAGE_PUBLIC_URL, true),
  };
}

/** A value given inline (`NAME`) or as a file (`NAME_FILE`); a file that cannot be read is a problem. */
function inlineOrFile(e: Record<string, unknown>, name: string, problems: string[]): string | undefined {
  const inline = e[name] as string | undefined;
  const file = e[`${name}_FILE`] as string | undefined;
  if (inline && file) problems.push(`  - ${name}: 只能设置 ${name} 或 ${name}_FILE 之一`);
  if (inline) return inline.replace(/\\n/g, '\n');
  if (!file) return undefined;
  try {
    return fs.readFileSync(path.resolve(file), 'utf8').trim();
  } catch (err) {
    problems.push(`  - ${name}_FILE: 无法读取 ${file}（${(err as NodeJS.ErrnoException).code ?? 'error'}）`);
    return undefined;
  }
}

/** All of a provider's variables, or none of them: a half-configured provider stops start-up naming what is missing. */
function complete<T extends Record<string, string | undefined>>(
  provider: string,
  values: T,
  problems: string[],
): { [K in keyof T]: string } | null {
  const missing = Object.entries(values).filter(([, v]) => !v);
  if (missing.length === Object.keys(values).length) return null;
  if (missing.length) {
    problems.push(`  - ${provider}: 缺少 ${missing.map(([k]) => k).join('、')}（要么全部设置，要么都不设置）`);
    return null;
  }
  return values as { [K in keyof T]: string };
}

const notifyBaseOk = (name: string, v: string, problems: string[]) => {
  if (!/^https?:\/\/[^\s/]+/.test(v)) problems.push(`  - ${name}: 必须是 http(s):// 开头的站点地址`);
  return v.replace(/\/+$/, '');
};

function wechatPayConfig(e: ParsedEnv, problems: string[]): WechatPayConfig | null {
  const c = complete(
    'WECHATPAY_*',
    {
      WECHATPAY_MCH_ID: e.WECHATPAY_MCH_ID,
      WECHATPAY_APP_ID: e.WECHATPAY_APP_ID,
      WECHATPAY_MCH_SERIAL: e.WECHATPAY_MCH_SERIAL,
      'WECHATPAY_PRIVATE_KEY(_FILE)': inlineOrFile(e, 'WECHATPAY_PRIVATE_KEY', problems),
      'WECHATPAY_API_V3_KEY(_FILE)': inlineOrFile(e, 'WECHATPAY_API_V3_KEY', problems),
      WECHATPAY_PLATFORM_SERIAL: e.WECHATPAY_PLATFORM_SERIAL,
      'WECHATPAY_PLATFORM_PUBLIC_KEY(_FILE)': inlineOrFile(e, 'WECHATPAY_PLATFORM_PUBLIC_KEY', problems),
      WECHATPAY_NOTIFY_BASE: e.WECHATPAY_NOTIFY_BASE,
    },
    problems,
  );
  if (!c) return null;
  if (Buffer.byteLength(c['WECHATPAY_API_V3_KEY(_FILE)']) !== 32) problems.push('  - WECHATPAY_API_V3_KEY: 必须是 32 个字符');
  return {
    mchId: c.WECHATPAY_MCH_ID,
    appId: c.WECHATPAY_APP_ID,
    mchSerial: c.WECHATPAY_MCH_SERIAL,
    privateKey: new Secret(c['WECHATPAY_PRIVATE_KEY(_FILE)']),
    apiV3Key: new Secret(c['WECHATPAY_API_V3_KEY(_FILE)']),
    platformSerial: c.WECHATPAY_PLATFORM_SERIAL,
    platformPublicKey: c['WECHATPAY_PLATFORM_PUBLIC_KEY(_FILE)'],
    apiBase: e.WECHATPAY_API_BASE.replace(/\/+$/, ''),
    notifyBase: notifyBaseOk('WECHATPAY_NOTIFY_BASE', c.WECHATPAY_NOTIFY_BASE, problems),
  };
}

function alipayConfig(e: ParsedEnv, problems: string[]): AlipayConfig | null {
  const c = complete(
    'ALIPAY_*',
    {
      ALIPAY_APP_ID: e.ALIPAY_APP_ID,
      'ALIPAY_PRIVATE_KEY(_FILE)': inlineOrFile(e, 'ALIPAY_PRIVATE_KEY', problems),
      'ALIPAY_PUBLIC_KEY(_FILE)': inlineOrFile(e, 'ALIPAY_PUBLIC_KEY', problems),
      ALIPAY_NOTIFY_BASE: e.ALIPAY_NOTIFY_BASE,
    },
    problems,
  );
  if (!c) return null;
  return {
    appId: c.ALIPAY_APP_ID,
    privateKey: new Secret(c['ALIPAY_PRIVATE_KEY(_FILE)']),
    alipayPublicKey: c['ALIPAY_PUBLIC_KEY(_FILE)'],
    sellerId: e.ALIPAY_SELLER_ID,
    gateway: e.ALIPAY_GATEWAY,
    notifyBase: notifyBaseOk('ALIPAY_NOTIFY_BASE', c.ALIPAY_NOTIFY_BASE, problems),
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
