/** A positive integer id from a query string value, or undefined. */
export function parseId(v: string | null | undefined): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
}
