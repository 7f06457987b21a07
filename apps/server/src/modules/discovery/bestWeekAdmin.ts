/** The best-of-week list as the console edits it. */
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { previousWeek } from '@shiju/contract/core';
import { entryTexts, frozenWeeks, replaceWeek, textStatuses, weekEntries } from './queries.js';
import { audited, type Actor } from '../audit/index.js';

export async function bestWeekFor(db: Db, week?: string) {
  const weeks = await frozenWeeks(db);
  const shown = week ?? weeks[0] ?? previousWeek();
  const entries = await weekEntries(db, shown, false);
  const ids = entries.map((e) => e.essayId);
  const rows = ids.length ? await entryTexts(db, ids) : [];
  const byId = new Map(rows.map((r) => [r.e.id, r]));
  const list = entries.flatMap((entry, i) => {
    const r = byId.get(entry.essayId);
    if (!r) return [];
    const { e, author } = r;
    return [
      {
        essayId: e.id,
        rank: i + 1,
        pinned: entry.pinned,
        note: entry.note,
        essay: {
          id: e.id,
          type: e.type,
          title: e.title,
          summary: e.summary,
          status: e.status,
          author,
          likes: e.likes,
          collects: e.collects,
          comments: e.comments,
        },
      },
    ];
  });
  return { week: shown, weeks, list };
}

/** Replaces a week's list: order is rank, pinned entries lead, missing entries are removed, new texts added. */
export async function saveBestWeek(db: Db, actor: NonNullable<Actor>, body: CallParsed<'adminUpdateBestWeek'>['body']) {
  const ids = body.entries.map((e) => e.essayId);
  if (new Set(ids).size !== ids.length) throw invalid('entries 同一作品只能出现一次');
  await audited(
    db,
    actor,
    { action: 'bestWeek.update', targetType: 'bestWeek', targetId: body.week, summary: { entries: body.entries } },
    async (tx) => {
      const before = new Set((await weekEntries(tx, body.week, false)).map((e) => e.essayId));
      const found = ids.length ? await textStatuses(tx, ids) : [];
      for (const id of ids) {
        const e = found.find((f) => f.id === id);
        if (!e || e.status === 'deleted') throw notFound(`作品 ${id} 不存在`);
        if (!before.has(id) && e.status !== 'published') throw invalid(`entries 作品 ${id} 未发布，不能加入精选`);
      }
      await replaceWeek(
        tx,
        body.week,
        body.entries.map((e) => ({ essayId: e.essayId, pinned: e.pinned, note: e.note || null })),
      );
    },
  );
  return bestWeekFor(db, body.week);
}
