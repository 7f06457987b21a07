/**
 * The 仿写 coach on the server: the 对仗 check the editor asks for in the background, and the scores an imitation
 * keeps when its writer saves it (the same engine the browser runs, `@shiju/contract/tones/coach`).
 */
import { COACH_LIMITS, type CallParsed, type ImitationScores } from '@shiju/contract';
import { plainOf } from '@shiju/contract/anchors';
import { coachDraft, prepareOriginal, splitClauses, summaryText } from '@shiju/contract/tones/coach';
import type { Db, Exec } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { allow } from '../limits/index.js';
import type { UserRow } from '../users/index.js';
import { parallelPairs, parallelShown } from './parallel.js';
import * as q from './queries.js';

const plain = (t: { type: string; content: string }) => plainOf(t.content, t.type === 'essay');

/** The original's parallel clause pairs and whether the draft's line up; none while the check is below its bar. */
function parallelOf(original: { type: string; content: string; tones: string | null }, draft: string) {
  if (!parallelShown()) return null;
  const o = prepareOriginal(plain(original), original.tones);
  return parallelPairs(
    o.clauses.map((c) => c.text),
    splitClauses(draft).map((c) => c.text),
    o.poem,
  );
}

export async function checkParallel(db: Db, me: UserRow, body: CallParsed<'coachParallel'>['body']) {
  if (!(await allow(db, { key: `coach-parallel:${me.id}`, windowMs: 60_000 }, COACH_LIMITS.parallelPerMinute))) throw new AppError('A0501');
  const original = await q.textOf(db, body.originalId);
  if (!original || original.status !== 'published') throw notFound('原文不存在或未发布');
  const pairs = parallelOf(original, body.draft);
  return { shown: pairs !== null, pairs: pairs ?? [] };
}

/**
 * After a writer saves an imitation: its scores against the original, as the editor showed them (kept while the
 * original exists; a text that no longer imitates anything loses them).
 */
export async function storeImitationScores(db: Exec, essayId: number) {
  const text = await q.textOf(db, essayId);
  const original = text?.imitateOf ? await q.textOf(db, text.imitateOf) : undefined;
  if (!text || !original) {
    await q.dropScores(db, essayId);
    return;
  }
  const draft = plain(text);
  const report = coachDraft(prepareOriginal(plain(original), original.tones), draft, { parallel: parallelOf(original, draft) });
  const s = report.summary;
  await q.saveScores(db, {
    essayId,
    clauses: s.clauses,
    countMatched: s.countMatched,
    tones: s.tones,
    rhyme: s.rhyme,
    parallel: s.parallel,
  });
}

function present(row: q.ScoresRow, mine: boolean): ImitationScores {
  const figures = { clauses: row.clauses, countMatched: row.countMatched, tones: row.tones, rhyme: row.rhyme, parallel: row.parallel };
  return {
    essayId: row.essayId,
    text: summaryText({ ...figures, poem: row.tones !== null, regulated: false }),
    ...figures,
    public: row.public,
    mine,
  };
}

/** An imitation's scores: its writer always sees them; others only when the writer shows them on a published text. */
export async function imitationScores(db: Exec, id: number, viewer?: UserRow) {
  const text = await q.textOf(db, id);
  const row = text ? await q.findScores(db, id) : undefined;
  const mine = !!viewer && viewer.id === text?.authorId;
  if (!text || !row || text.status === 'deleted' || !(mine || (row.public && text.status === 'published')))
    throw notFound('没有可以查看的评分');
  return present(row, mine);
}

export async function setScoresPublic(db: Exec, me: UserRow, id: number, visible: boolean) {
  const text = await q.textOf(db, id);
  if (!text || text.status === 'deleted') throw notFound('作品不存在');
  if (text.authorId !== me.id) throw forbidden();
  if (!(await q.findScores(db, id))) throw notFound('这篇作品没有仿写评分');
  await q.setPublic(db, id, visible);
  return present((await q.findScores(db, id))!, true);
}
