/**
 * Guards every string a client sends before the contract's schemas see it. Control characters (NUL above
 * all) have no place in Chinese prose and break PostgreSQL text columns (a NUL makes the driver throw), so
 * they are refused with A0400 naming the field instead of failing deep inside a query. Tab, line feed and
 * carriage return pass here; single-line fields refuse them in the contract (`line()`).
 */
import { invalid } from './errors.js';

// C0 controls except \t \n \r, DEL, C1 controls, and lone surrogates (invalid UTF-16 that PostgreSQL rejects).
/* eslint-disable no-control-regex -- matching control characters is the point */
const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */
const MAX_DEPTH = 8;

/** Throws A0400 naming the first field that holds a forbidden character or nests too deep. */
export function assertCleanInput(value: unknown, part: string, path: string[] = [], depth = 0): void {
  const where = () => (path.length ? path.join('.') : part);
  if (typeof value === 'string') {
    if (FORBIDDEN.test(value)) throw invalid(`${where()} 含有不允许的控制字符`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) throw invalid(`${where()} 嵌套层级过深`);
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (FORBIDDEN.test(k)) throw invalid(`${where()} 含有不允许的控制字符`);
    assertCleanInput(v, part, [...path, k], depth + 1);
  }
}
