/** Zod building blocks of the call table: the route shape, ids, paging and the account field rules. */
import { z } from 'zod';
import type { ErrorCode } from './errors.js';
import { UPLOAD_URL } from './core.js';

// Validation messages in Simplified Chinese, on the server and in the browser alike.
z.config(z.locales.zhCN());

export type Auth = 'none' | 'optional' | 'required' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The domains calls are grouped by: one file under calls/ each, named alike, and the OpenAPI tags. Admin calls
 * belong to the domain they change (their paths stay under /api/v1/admin); `admin` keeps the console's own
 * dashboard and audit log.
 */
export const DOMAINS = [
  'site',
  'auth',
  'users',
  'people',
  'classifications',
  'essays',
  'discovery',
  'comments',
  'notes',
  'highlights',
  'announcements',
  'messages',
  'ads',
  'files',
  'orders',
  'reports',
  'admin',
  'open',
  'challenges',
] as const;
export type Domain = (typeof DOMAINS)[number];

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: Method;
  /** Fastify-style path (`:id` parameters), always starting with `/api`. */
  path: string;
  auth: Auth;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the success envelope. */
  response: R;
  errors: readonly ErrorCode[];
  /** Multipart upload instead of a JSON body. */
  multipart?: boolean;
  /** The client shows no loading mask for this call (docs/rules.md#loading-mask). */
  silent?: boolean;
  /**
   * A payment provider's callback: the body arrives as the exact text sent (its signature covers those bytes),
   * and the answer is the provider's own protocol, declared by this key of RAW_RESPONSES, not the envelope.
   */
  rawCallback?: string;
}

export function route<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

/** A call as the table holds it: its route and the domain of the file that declares it. */
export type CallDef = RouteDef & { readonly domain: Domain };

/**
 * Gives every call of a file its domain, once for the file. `C` is not constrained to RouteDef on purpose: as a
 * contextual type it would make `route` infer `z.ZodType` for the parts a call leaves out (`callList` checks the shape).
 */
export function inDomain<D extends Domain, C extends Record<string, object>>(
  domain: D,
  defs: C,
): { [K in keyof C]: C[K] & { readonly domain: D } } {
  return Object.fromEntries(Object.entries(defs).map(([id, def]) => [id, { ...def, domain }])) as {
    [K in keyof C]: C[K] & { readonly domain: D };
  };
}

// ---------- shared building blocks ----------

/** Positive integer ids; query strings arrive as text, so coerce. */
export const Id = z.coerce.number().int().positive().max(2147483647);
export const IdParams = z.object({ id: Id });

export const PageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    /** True when there are more than `total` (= TOTAL_CAP) items: the count stopped at the cap. */
    totalCapped: z.boolean(),
  });
}

/** Directions a sortable table asks for (antd's names: the console's tables send them as they are). */
export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The query fields of a page that can be sorted by one of `fields`: `sortField` and `sortOrder` together; without
 * them the call's own default order applies.
 */
export function sortQuery<F extends string>(fields: readonly [F, ...F[]]) {
  return { sortField: z.enum(fields).optional(), sortOrder: z.enum(SORT_ORDERS).optional() };
}

/** What every admin call can answer: bad input, signed out, not an editor; and, naming a row, not found. */
export const ADMIN_ERRORS = ['A0400', 'A0230', 'A0301'] as const;
export const ADMIN_ERRORS_404 = [...ADMIN_ERRORS, 'A0404'] as const;
/** The admin console's tables show more rows a page than the site's lists. */
export const AdminPageQuery = PageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(100).default(20) });
/** A time an editor may leave empty (start, end, publication, end of a ban). */
export const optionalTime = z.iso.datetime({ offset: true }).nullable().optional();
/** An image an editor sets: uploaded here, or anywhere over http(s). */
export const SiteImage = z
  .string()
  .trim()
  .max(300)
  .regex(/^(\/uploads\/[\w./-]+|https?:\/\/\S+)$/, '必须是本站上传的图片或 http(s) 地址');

export const Ok = z.object({ ok: z.literal(true) });
export const Timestamp = z.string().describe('ISO 8601 time');

/** Strings from users are trimmed; an empty string counts as missing for optional fields. */
const SINGLE_LINE = /^[^\r\n\t]*$/;

/** Strings from users are trimmed; an empty string counts as missing for optional fields. Single line: no line breaks or tabs. */
export const text = (min: number, max: number) => z.string().trim().min(min).max(max).regex(SINGLE_LINE, '不能包含换行或制表符');
/** A single-line string without a minimum (titles, sources, search words). */
export const line = (max: number) => z.string().trim().max(max).regex(SINGLE_LINE, '不能包含换行或制表符');

/** An image this site stored, by its exact path shape (see UPLOAD_URL). */
export const UploadUrl = z.string().trim().max(300).regex(UPLOAD_URL, '必须是本站上传的图片');

export const Username = z
  .string()
  .trim()
  .min(3)
  .max(20)
  .regex(/^[A-Za-z0-9_]+$/, '只能包含字母、数字和下划线');
/** An email address as people type it: trimmed, lower-cased. */
export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('邮箱格式不正确'));
/** The six digits mailed for binding an email or resetting a password. */
export const MailCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '验证码应为 6 位数字');

export const Password = z
  .string()
  .min(8)
  .max(64)
  .refine((s) => !/^\d+$/.test(s), '不能全是数字');
