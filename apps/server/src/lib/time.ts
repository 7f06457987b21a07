/** The site's calendar is China's (Asia/Shanghai, UTC+8, no daylight saving). */
export function shanghaiDate(d: Date = new Date()): string {
  return new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A nullable date as ISO text. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
