/**
 * The dynasties a reader browses authors by, and how an author's life years read (zod-free: the web app imports it
 * as `@shiju/contract/dynasties` without the schemas).
 */

/**
 * The dynasties in reading order, each with the eras texts name that it gathers (texts say 秦 or 三国; a reader looks
 * for 先秦 or 魏晋). A page may ask for a group or any era of one.
 */
export const DYNASTY_GROUPS = [
  { name: '先秦', eras: ['先秦', '秦'] },
  { name: '汉', eras: ['汉'] },
  { name: '魏晋', eras: ['三国', '魏晋'] },
  { name: '南北朝', eras: ['南北朝'] },
  { name: '隋唐', eras: ['隋', '唐'] },
  { name: '五代', eras: ['五代'] },
  { name: '宋', eras: ['宋'] },
  { name: '元', eras: ['元'] },
  { name: '明', eras: ['明'] },
  { name: '清', eras: ['清'] },
  { name: '近现代', eras: ['近代', '现代', '当代', '近现代'] },
] as const satisfies readonly { name: string; eras: readonly string[] }[];

/** Every name a dynasty page answers to: the groups and their eras. */
export const DYNASTY_NAMES: readonly string[] = [...new Set(DYNASTY_GROUPS.flatMap((g) => [g.name, ...g.eras]))];

/** The eras a dynasty name stands for (隋唐 → 隋, 唐; 唐 → 唐), or null for a name that is none. */
export function erasOf(name: string): string[] | null {
  const group = DYNASTY_GROUPS.find((g) => g.name === name);
  if (group) return [...group.eras];
  return DYNASTY_GROUPS.some((g) => (g.eras as readonly string[]).includes(name)) ? [name] : null;
}

/** The group an era belongs to (唐 → 隋唐), or null. */
export const groupOf = (era: string | null): string | null =>
  era ? (DYNASTY_GROUPS.find((g) => g.name === era || (g.eras as readonly string[]).includes(era))?.name ?? null) : null;

/** 生卒 as a reader reads it: 701—762, ？—1053, 1084—？; null when neither year is known. */
export function lifeSpan(born: number | null, died: number | null): string | null {
  if (born === null && died === null) return null;
  const year = (y: number | null) => (y === null ? '？' : y < 0 ? `前${-y}` : String(y));
  return `${year(born)}—${year(died)}`;
}
