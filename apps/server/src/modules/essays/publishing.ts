/**
 * How often a writer may publish: a fixed hourly window per account, counted and checked in one statement on the
 * shared counters (limits), so a parallel burst and several processes cannot slip past it. Accounts younger than
 * NEW_ACCOUNT_DAYS have the stricter limit; editors have none. Every attempt to publish counts, refused or not, so
 * the limit also bounds the work one account can make the server do.
 */
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/types.js';
import { AppError } from '../../http/errors.js';
import { hitWindow } from '../limits/index.js';

/** Texts an account may publish per hour (PUBLISHES_PER_HOUR, NEW_ACCOUNT_PUBLISHES_PER_HOUR). */
export interface PublishLimits {
  perHour: number;
  newAccountPerHour: number;
}

/** An account is new, with the stricter limit, for this many days after sign-up. */
export const NEW_ACCOUNT_DAYS = 7;
const WINDOW_MS = 60 * 60 * 1000;

/** "N 秒" under a minute, "N 分钟" above (rounded up: never sooner than the window really ends). */
const waitLabel = (seconds: number) => (seconds < 60 ? `${Math.max(1, Math.ceil(seconds))} 秒` : `${Math.ceil(seconds / 60)} 分钟`);

/** Counts one publication of `me` and refuses it (A0501, naming when they may post again) beyond their limit. */
export async function countPublication(db: Db, me: UserRow, limits: PublishLimits, now = Date.now()): Promise<void> {
  if (me.role === 'admin') return;
  const isNew = now - me.createdAt.getTime() < NEW_ACCOUNT_DAYS * 86_400_000;
  const max = isNew ? limits.newAccountPerHour : limits.perHour;
  const { count, secondsLeft } = await hitWindow(db, { key: `publish:${me.id}`, windowMs: WINDOW_MS });
  if (count > max) throw new AppError('A0501', `发布过于频繁，请在 ${waitLabel(secondsLeft)}后再试`);
}
