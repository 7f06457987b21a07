/**
 * The error table (docs/rules.md#error-codes). Every envelope the server sends takes its code, HTTP status and
 * user-facing message from here, and the web client reads the same table.
 */
export const ERRORS = {
  '00000': { status: 200, msg: '成功' },
  A0230: { status: 401, msg: '未登录或登录已过期，请重新登录' },
  A0210: { status: 400, msg: '用户名或密码错误' },
  A0211: { status: 429, msg: '登录失败次数过多，请稍后再试' },
  /** The message names the end of the ban (or says it has none). */
  A0220: { status: 403, msg: '账号已被封禁' },
  A0111: { status: 409, msg: '用户名已存在' },
  A0301: { status: 403, msg: '无权访问' },
  A0400: { status: 400, msg: '请求参数错误' },
  A0404: { status: 404, msg: '资源不存在' },
  A0501: { status: 429, msg: '请求过于频繁，请稍后再试' },
  A0701: { status: 415, msg: '不支持的文件类型' },
  A0702: { status: 413, msg: '文件太大' },
  B0001: { status: 500, msg: '系统繁忙，请稍后再试' },
  /** The database is unreachable (restart, failover) or the process is shutting down: retry shortly. */
  B0002: { status: 503, msg: '服务暂时不可用，请稍后再试' },
  C0001: { status: 502, msg: '第三方服务异常' },
} as const satisfies Record<string, { status: number; msg: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const SUCCESS: ErrorCode = '00000';

export interface Envelope<T> {
  code: ErrorCode;
  msg: string;
  data: T | null;
}
