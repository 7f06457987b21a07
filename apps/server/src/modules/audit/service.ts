/**
 * The audit trail (docs/rules.md#console-and-audit): every admin write goes through `audited`, which runs the change and writes
 * its audit row in one transaction, so a change is never recorded without happening nor the reverse.
 */
import type { CallParsed } from '@shiju/contract';
import type { Db, Tx } from '../../db/client.js';
import * as queries from './queries.js';

/** The admin and address behind a change; null for the system's own (an expired ban lifting itself). */
export type Actor = { id: number; ip: string } | null;

/** Who is acting in the console: the signed-in admin (route registration has checked the role) and their address. */
export const actorOf = (me: { id: number }, req: { ip: string }): NonNullable<Actor> => ({ id: me.id, ip: req.ip });

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: number | string | null;
  /** What changed, as the admin would want to read it later. */
  summary?: Record<string, unknown>;
}

/**
 * Runs `work` in a transaction and records who did what in the same transaction. `work` answers its result
 * and, optionally, the entry (when the summary depends on what it found).
 */
export async function audited<T>(
  db: Db,
  actor: Actor,
  entry: AuditEntry | ((result: T) => AuditEntry),
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => auditedIn(tx, actor, entry, work));
}

/**
 * `audited` inside a transaction the caller runs (a change to a user: the users module's changeUser, whose
 * transaction `work` gets as it came).
 */
export async function auditedIn<T, X extends Tx = Tx>(
  tx: X,
  actor: Actor,
  entry: AuditEntry | ((result: T) => AuditEntry),
  work: (tx: X) => Promise<T>,
): Promise<T> {
  const result = await work(tx);
  const e = typeof entry === 'function' ? entry(result) : entry;
  await queries.insertEntry(tx, {
    actorId: actor?.id ?? null,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId === undefined || e.targetId === null ? null : String(e.targetId),
    detail: e.summary ?? null,
    ip: actor?.ip.slice(0, 64) ?? null,
  });
  return result;
}

/** Start of a Shanghai calendar day, as an instant. */
export const shanghaiDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

export async function pageAudit(db: Db, q: CallParsed<'adminAuditPage'>['query']) {
  const from = q.from ? shanghaiDayStart(q.from) : undefined;
  const until = q.to ? new Date(shanghaiDayStart(q.to).getTime() + 24 * 3600 * 1000) : undefined;
  const { rows, ...total } = await queries.pageEntries(db, q, from, until);
  return {
    ...total,
    list: rows.map(({ a, admin }) => ({
      id: a.id,
      admin: admin?.id ? admin : null,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      summary: (a.detail as Record<string, unknown> | null) ?? null,
      ip: a.ip,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}
