import { anchorProblem, cpLength, plainOf, reanchor, sliceCp } from '@shiju/contract/anchors';
import { HIGHLIGHT_LIMITS, SENTENCE_ENDS, type CallParsed, type Highlight, type MyHighlight, type PublicThought } from '@shiju/contract';
import type { Db, Exec } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../http/errors.js';
import type { SensitiveWords } from '../../lib/sensitive.js';
import { offsetOf } from '../../lib/paging.js';
import { allow } from '../limits/index.js';
import { isBlocked, type UserRow } from '../users/index.js';
import * as q from './queries.js';

const DAY_MS = 24 * 3600 * 1000;
/** Characters that close a sentence's quotation after its end mark (“……。”). */
const CLOSERS = '”’」』）)》〉"\'';

const plainOfEssay = (e: { type: string; content: string }) => plainOf(e.content, e.type === 'essay');

/** The sentences of a plain form (split after 。！？； with their closing quotes, and at line breaks), trimmed, as code-point ranges. */
export function sentencesOf(plain: string): q.Sentence[] {
  const chars = Array.from(plain);
  const out: q.Sentence[] = [];
  const push = (from: number, to: number) => {
    while (from < to && /\s/.test(chars[from]!)) from++;
    while (to > from && /\s/.test(chars[to - 1]!)) to--;
    if (to > from) out.push({ index: out.length, start: from, end: to, quote: chars.slice(from, to).join('') });
  };
  let start = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\n') {
      push(start, i);
      start = i + 1;
    } else if (SENTENCE_ENDS.includes(c)) {
      let j = i + 1;
      while (j < chars.length && CLOSERS.includes(chars[j]!)) j++;
      push(start, j);
      start = j;
      i = j - 1;
    }
  }
  push(start, chars.length);
  return out;
}

/** The sentences a range shares characters with. */
const overlapping = (sentences: q.Sentence[], r: { start: number; end: number }) =>
  sentences.filter((s) => s.start < r.end && r.start < s.end);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function present(r: q.HighlightRow): Highlight {
  return {
    id: r.id,
    essayId: r.essayId,
    start: r.start,
    end: r.end,
    quote: r.quote,
    anchorLost: r.anchorLost,
    thought: r.thought,
    thoughtPublic: r.thoughtPublic,
    thoughtHidden: r.thoughtHiddenAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const presentThought = (t: Omit<q.ThoughtRow, 'passage'>): PublicThought => ({
  id: t.id,
  user: { id: t.userId, nickname: t.nickname, avatar: t.avatar },
  start: t.start,
  end: t.end,
  quote: t.quote,
  content: t.thought ?? '',
  createdAt: iso(t.thoughtAt) ?? '',
});

async function publishedEssay(db: Exec, id: number) {
  const e = await q.essayOf(db, id);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  return e;
}

/** Control characters a 想法 drops (line breaks stay). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** A 想法 as stored: plain text without control characters, trimmed; empty means none. */
function cleanThought(raw: string): string {
  const text = raw.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
  const n = cpLength(text);
  if (n > HIGHLIGHT_LIMITS.thoughtChars) throw invalid(`thought 想法不能超过 ${HIGHLIGHT_LIMITS.thoughtChars} 字（现有 ${n} 字）`);
  return text;
}

/**
 * The checks a public 想法 passes, like a comment's: sensitive words, the text's author has not blocked the writer,
 * and an account younger than a week publishes at most 30 a day.
 */
async function mayPublish(db: Db, rt: { sensitive: SensitiveWords }, me: UserRow, authorId: number, text: string, field: string) {
  rt.sensitive.refuse(field, text);
  if (await isBlocked(db, authorId, me.id)) throw new AppError('A0301', '对方已将你拉黑，无法在其作品上公开想法');
  const young = Date.now() - me.createdAt.getTime() < HIGHLIGHT_LIMITS.youngAccountDays * DAY_MS;
  if (young && !(await allow(db, { key: `thought:${me.id}`, windowMs: DAY_MS }, HIGHLIGHT_LIMITS.youngThoughtsPerDay)))
    throw new AppError(
      'A0501',
      `注册未满 ${HIGHLIGHT_LIMITS.youngAccountDays} 天的账号每天最多公开 ${HIGHLIGHT_LIMITS.youngThoughtsPerDay} 条想法，请明天再来`,
    );
}

export async function essayHighlights(db: Db, essayId: number, viewerId?: number) {
  await publishedEssay(db, essayId);
  const [mine, top, latest] = await Promise.all([
    viewerId ? q.mineOn(db, viewerId, essayId) : Promise.resolve([]),
    q.topPassages(db, essayId, HIGHLIGHT_LIMITS.popularMinReaders, HIGHLIGHT_LIMITS.popularPerText),
    q.latestThoughts(db, essayId, HIGHLIGHT_LIMITS.latestThoughts, viewerId),
  ]);
  const beside = await q.thoughtsBeside(db, essayId, top, HIGHLIGHT_LIMITS.thoughtsPerPassage, viewerId);
  return {
    mine: mine.map(present),
    popular: top.map((p, i) => ({
      start: p.start,
      end: p.end,
      quote: p.quote,
      readers: p.readers,
      thoughts: beside.filter((t) => Number(t.passage) === i).map(presentThought),
    })),
    thoughts: latest.map((t) => presentThought({ ...t, thought: t.thought ?? '' })),
  };
}

/**
 * 划线 (with a 想法 for 写想法), one call: the same range again answers the highlight already made (its 想法 set when
 * one is given); a new one counts towards the reader's 200 on the text and the sentences' readers, in one transaction.
 */
export async function addHighlight(db: Db, rt: { sensitive: SensitiveWords }, me: UserRow, body: CallParsed<'addHighlight'>['body']) {
  const e = await publishedEssay(db, body.essayId);
  const plain = plainOfEssay(e);
  const problem = anchorProblem(cpLength(plain), body.start, body.end);
  if (problem) throw invalid(`start ${problem}`);
  if (body.end - body.start > HIGHLIGHT_LIMITS.quoteChars)
    throw invalid(`end 划线最多 ${HIGHLIGHT_LIMITS.quoteChars} 字（所选 ${body.end - body.start} 字）`);
  const quote = sliceCp(plain, body.start, body.end);
  if (body.quote !== undefined && body.quote !== quote) throw invalid('quote 所选文字与正文不符，请刷新后重新选择');
  if (!quote.trim()) throw invalid('start 划线不能只选空白');
  const thought = body.thought !== undefined ? cleanThought(body.thought) : undefined;
  const publish = !!thought && body.thoughtPublic;
  if (publish) await mayPublish(db, rt, me, e.authorId, thought, 'thought');
  const sentences = sentencesOf(plain);
  const row = await db.transaction(async (tx) => {
    await q.lockReaderText(tx, me.id, e.id);
    const same = await q.findSame(tx, me.id, e.id, body.start, body.end);
    if (same) {
      if (thought === undefined) return same;
      return q.updateHighlight(tx, same.id, thoughtFields(same, thought, publish));
    }
    if ((await q.countOnText(tx, me.id, e.id, HIGHLIGHT_LIMITS.perText)) >= HIGHLIGHT_LIMITS.perText)
      throw new AppError('A0501', `每篇作品最多划线 ${HIGHLIGHT_LIMITS.perText} 处，请先删除一些旧的划线`);
    const made = await q.insertHighlight(tx, {
      userId: me.id,
      essayId: e.id,
      start: body.start,
      end: body.end,
      quote,
      ...(thought ? { thought, thoughtPublic: publish, thoughtAt: new Date() } : {}),
    });
    await q.countIn(tx, e.id, me.id, overlapping(sentences, made));
    return made;
  });
  return present(row);
}

/**
 * The columns a 想法 change sets. Empty text removes it. A 想法 an editor hid stays hidden from others whatever its
 * writer changes (rewording it is not a way back); removing it clears the mark.
 */
function thoughtFields(before: q.HighlightRow, thought: string, publish: boolean): Partial<q.HighlightInsert> {
  if (!thought) return { thought: null, thoughtPublic: false, thoughtAt: null, thoughtHiddenAt: null };
  const changed = thought !== before.thought;
  return {
    thought,
    thoughtPublic: publish,
    thoughtAt: changed || !before.thoughtAt ? new Date() : before.thoughtAt,
  };
}

async function ownHighlight(db: Exec, me: UserRow, id: number) {
  const row = await q.findHighlight(db, id);
  // Another reader's highlight is as unknown as a missing one: its existence is private too.
  if (!row || row.userId !== me.id) throw notFound('划线不存在');
  return row;
}

export async function setThought(
  db: Db,
  rt: { sensitive: SensitiveWords },
  me: UserRow,
  id: number,
  body: CallParsed<'setHighlightThought'>['body'],
) {
  const row = await ownHighlight(db, me, id);
  const thought = cleanThought(body.content);
  const publish = !!thought && body.public;
  if (publish && (thought !== row.thought || !row.thoughtPublic)) {
    const e = await q.essayOf(db, row.essayId);
    if (!e) throw notFound('作品不存在或未发布');
    await mayPublish(db, rt, me, e.authorId, thought, 'content');
  }
  return present(await q.updateHighlight(db, id, thoughtFields(row, thought, publish)));
}

export async function removeHighlight(db: Db, me: UserRow, id: number) {
  const row = await ownHighlight(db, me, id);
  await db.transaction(async (tx) => {
    await q.lockReaderText(tx, me.id, row.essayId);
    const still = await q.findHighlight(tx, id);
    if (!still) return;
    if (!still.anchorLost) {
      const e = await q.essayOf(tx, row.essayId);
      if (e) {
        const hit = overlapping(sentencesOf(plainOfEssay(e)), still).map((s) => s.index);
        await q.countOut(tx, row.essayId, me.id, hit);
      }
    }
    await q.deleteHighlight(tx, id);
  });
  return { ok: true as const };
}

export async function myHighlights(db: Db, me: UserRow, query: CallParsed<'myHighlights'>['query']) {
  const { rows, ...total } = await q.pageMine(db, me.id, { order: query.order, q: query.q }, query.pageSize, offsetOf(query));
  const list: MyHighlight[] = rows.map((r) => ({ ...present(r.h), essay: r.essay }));
  return { ...total, list };
}

// ---------- anchors follow the text ----------

/**
 * A text's content changed (inside that transaction): each highlight finds its quote again through the shared
 * `reanchor` (where it was, else the nearest occurrence) or is flagged lost; a reader's two highlights that land on
 * the same range become one (the one with a 想法 kept); the 热门划线 counters are rebuilt for the new sentences.
 */
export async function reanchorHighlights(tx: Exec, essayId: number, text: { type: string; content: string }) {
  const all = await q.anchoredOf(tx, essayId);
  if (all.length === 0) return { moved: 0, lost: 0 };
  const plain = plainOfEssay(text);
  const sentences = sentencesOf(plain);
  const taken = new Map<string, number>();
  const perReader = new Map<number, Map<number, number>>();
  let moved = 0;
  let lost = 0;
  // Highlights with a 想法 first, so a duplicate without one is the one dropped.
  const ordered = [...all].sort((a, b) => Number(b.thought !== null) - Number(a.thought !== null) || a.id - b.id);
  for (const r of ordered) {
    const found = reanchor({ start: r.start, end: r.end, quote: r.quote }, plain);
    if (!found) {
      if (!r.anchorLost) {
        await q.updateHighlight(tx, r.id, { anchorLost: true });
        lost++;
      }
      continue;
    }
    const key = `${r.userId}:${found.start}:${found.end}`;
    if (taken.has(key) && r.thought === null) {
      await q.deleteHighlight(tx, r.id);
      continue;
    }
    taken.set(key, r.id);
    if (found.start !== r.start || found.end !== r.end || r.anchorLost) {
      await q.updateHighlight(tx, r.id, { start: found.start, end: found.end, anchorLost: false });
      moved++;
    }
    const marks = perReader.get(r.userId) ?? new Map<number, number>();
    for (const s of overlapping(sentences, found)) marks.set(s.index, (marks.get(s.index) ?? 0) + 1);
    perReader.set(r.userId, marks);
  }
  await q.rebuildCounts(tx, essayId, sentences, perReader);
  return { moved, lost };
}

// ---------- a person's highlights ----------

/** What a person's copy of their data holds of highlights and 想法. */
export async function highlightsDataOf(db: Exec, userId: number) {
  return (await q.allOf(db, userId)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

/** Account deletion (inside its transaction): the counters forget the person, then their highlights go. */
export const forgetHighlightsOf = (tx: Exec, userId: number) => q.forgetAllOf(tx, userId);

// ---------- reports ----------

/** A public 想法 a reader can see, for a report: its writer's id. */
export async function reportableThought(db: Exec, id: number): Promise<{ writerId: number } | null> {
  const r = await q.findHighlight(db, id);
  return r && r.thought && r.thoughtPublic && !r.thoughtHiddenAt ? { writerId: r.userId } : null;
}

/** A reported 想法 hidden by an editor (inside the report's resolution): its writer still sees it. */
export async function hideThoughtInTx(tx: Exec, id: number) {
  const r = await q.findHighlight(tx, id);
  if (!r || r.thoughtHiddenAt) return null;
  await q.updateHighlight(tx, id, { thoughtHiddenAt: new Date() });
  return r.essayId;
}

export { reportTargets as thoughtTargets } from './queries.js';
