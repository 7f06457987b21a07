import crypto from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type TurndownService from 'turndown';
import { once } from '../../lib/once.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { AppError } from '../../http/errors.js';
import { RawAnswer } from '../../http/envelope.js';
import type { Storage } from '../../lib/storage.js';
import { allow } from '../limits/index.js';
import { escapeHtml, paragraphsToHtml } from '../../lib/text.js';
import { everythingOf, libraryTextsOf } from './queries.js';
import { ankiCsv, cardSource, folderMarkdown, highlightsMarkdown, safeFileName, type CardLine, type LibraryText } from './library.js';
import { notesDataOf } from '../notes/index.js';
import { evidenceBy } from '../attributions/index.js';
import { highlightsDataOf } from '../highlights/index.js';
import { collectionsExportOf } from '../collections/index.js';
import { exportMutes } from '../mutes/index.js';
import { exportReview } from '../review/index.js';

/** Exports per person per hour: building one reads every row they own. */
export const EXPORTS_PER_HOUR = 3;
const exportsOf = (userId: number) => ({ key: `export:${userId}`, windowMs: 3600_000 });

/**
 * HTML → Markdown, loaded by the first export (exportData): turndown and the DOM it parses with weigh ~6 MB of
 * memory that a process never asked for an export need not carry.
 */
const loadTurndown = once(() =>
  import('turndown').then(
    ({ default: Turndown }) => new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' }),
  ),
);

type Text = Awaited<ReturnType<typeof everythingOf>>['texts'][number];

/** A text's body as HTML: an essay's stored (sanitised) HTML, a sentence's lines as paragraphs. */
const bodyHtml = (t: Text) => (t.type === 'essay' ? t.content : paragraphsToHtml(t.content.split('\n')));

function textHtml(t: Text): string {
  const title = t.title ?? `句子 ${t.id}`;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
${bodyHtml(t)}
${t.source ? `<p>—— ${escapeHtml(t.source)}</p>\n` : ''}</body></html>
`;
}

function textMarkdown(t: Text, turndown: TurndownService): string {
  const head = t.title ? `# ${t.title}\n\n` : '';
  const body = t.type === 'essay' ? turndown.turndown(t.content) : t.content;
  return `${head}${body}\n${t.source ? `\n—— ${t.source}\n` : ''}`;
}

const README = `拾句 · 个人数据副本

profile.json    账号资料（不含密码）与同意的协议版本
essays.json     你的作品（句子与美文，含草稿与待审核），每篇的正文另存为 essays/<编号>.html 与 essays/<编号>.md
comments.json   你发表的评论
likes.json      你喜欢的作品
collects.json   你收藏的作品
collections.json 你的收藏夹（含其中的作品）与你关注的收藏夹
follows.json    你关注的人和关注你的人
blocks.json     你的黑名单
interests.json  你的兴趣标签
mutes.json      你屏蔽的标签、分类、作者与发布者
review.json     每日回顾：设置、卡片的复习计划与每天回答的张数
orders.json     你的订单（金额单位：分）
notes.json      你提交的注释、译文、赏析、评与异文，及你作为编辑所做的修改记录
收藏夹/          每个收藏夹一个 Markdown 文件（YAML 头信息：title、author、source、url），可导入 Obsidian 等笔记软件
划线/            每篇划过的作品一个 Markdown 文件：划线的文字与你的想法
anki.csv        收藏的句子与划线做成的 Anki 卡片（正面挖空，背面原句与出处；Anki 中“文件 → 导入”）
highlights.json 你的划线与想法（含私密想法）
evidence.json   你为作品署名提交的出处证据

时间均为 UTC（ISO 8601）。
`;

const json = (v: unknown) => strToU8(`${JSON.stringify(v, null, 2)}\n`);

/** A card's line: a sentence as it is, the first sentence of anything longer. */
const LINE_CHARS = 60;
function cardLine(t: { type: string; content: string }): string | null {
  if (t.type !== 'sentence') return null;
  const text = t.content.replace(/\s*\n\s*/g, ' ').trim();
  if (Array.from(text).length <= LINE_CHARS) return text;
  const first = text.match(/^.*?[。！？；]/u)?.[0];
  return first && Array.from(first).length <= LINE_CHARS ? first : null;
}

type Folders = Awaited<ReturnType<typeof collectionsExportOf>>['folders'];
type Marks = Awaited<ReturnType<typeof highlightsDataOf>>;

/**
 * The library as files: 收藏夹 and highlights as Markdown (one file per 收藏夹, one per text marked) and an Anki
 * deck of the collected sentences and the marked passages.
 */
async function libraryFiles(db: Db, me: UserRow, origin: string, folders: Folders, marks: Marks, turndown: TurndownService) {
  const ids = new Set([...folders.flatMap((f) => f.texts.map((t) => t.essayId)), ...marks.map((m) => m.essayId)]);
  const rows = await libraryTextsOf(db, me.id, [...ids]);
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        row: r,
        text: {
          id: r.id,
          title: r.title,
          markdown: r.type === 'essay' ? turndown.turndown(r.content) : r.content,
          author: r.workAuthor ?? r.poster,
          dynasty: r.dynasty,
          source: r.provenance ?? r.source,
        } satisfies LibraryText,
      },
    ]),
  );
  const collected: Zippable = {};
  const taken = new Set<string>();
  const cards: CardLine[] = [];
  const carded = new Set<string>();
  const card = (line: string | null, text: LibraryText) => {
    if (!line || carded.has(line)) return;
    carded.add(line);
    cards.push({ line, source: cardSource(text) });
  };
  for (const f of folders) {
    const texts = f.texts.flatMap((t) => byId.get(t.essayId) ?? []);
    const url = f.isPublic ? `${origin}/collection?id=${f.id}` : null;
    collected[safeFileName(f.name, '.md', taken)] = strToU8(
      folderMarkdown(
        { name: f.name, description: f.description, owner: me.nickname, url },
        texts.map((t) => t.text),
        origin,
      ),
    );
    for (const { row, text } of texts) card(cardLine(row), text);
  }
  const marked: Zippable = {};
  const markedNames = new Set<string>();
  const marksOf = new Map<number, Marks>();
  for (const m of marks) marksOf.set(m.essayId, [...(marksOf.get(m.essayId) ?? []), m]);
  for (const [essayId, own] of marksOf) {
    const t = byId.get(essayId);
    if (!t) continue;
    marked[safeFileName(t.text.title ?? own[0]!.quote, '.md', markedNames)] = strToU8(highlightsMarkdown(t.text, own, origin));
    for (const m of own) if (!m.anchorLost) card(m.quote.replace(/\s*\n\s*/g, ' '), t.text);
  }
  return { collected, marked, anki: ankiCsv(cards) };
}

/** How long an archive's download link works (object storage): at most 15 minutes. */
export const EXPORT_LINK_SECONDS = 15 * 60;
const exportsPrefix = (userId: number) => `exports/${userId}/`;

/** Deletes every archive of this person's kept in the storage (account deletion; the earlier ones at each export). */
export async function removeExportsOf(storage: Storage, userId: number, log?: { warn(o: object, m: string): void }) {
  try {
    return await storage.removeUnder(exportsPrefix(userId));
  } catch (err) {
    log?.warn({ err, userId }, 'could not remove export archives');
    return 0;
  }
}

/**
 * Where the archive goes: the answer itself, or — where the storage signs links (object storage) — a private object
 * whose link, valid EXPORT_LINK_SECONDS, is the answer. Each export replaces the person's earlier archives.
 */
async function deliver(storage: Storage, userId: number, zip: Buffer, name: string, now: Date) {
  if (!storage.signsLinks)
    return new RawAnswer('application/zip', zip, 200, {
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    });
  await removeExportsOf(storage, userId);
  const key = `${exportsPrefix(userId)}${crypto.randomBytes(16).toString('hex')}.zip`;
  await storage.put(key, zip, { contentType: 'application/zip' });
  const url = await storage.signedUrl(key, { seconds: EXPORT_LINK_SECONDS, downloadName: name, now });
  return { url: url!, expiresAt: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString() };
}

/** A copy of one's data as one zip archive (rate-limited: each export reads everything the person owns). */
export async function exportData(db: Db, storage: Storage, me: UserRow, origin: string, now: Date) {
  if (!(await allow(db, exportsOf(me.id), EXPORTS_PER_HOUR)))
    throw new AppError('A0501', `每小时最多导出 ${EXPORTS_PER_HOUR} 次，请稍后再试`);
  const turndown = await loadTurndown();
  const d = await everythingOf(db, me.id);
  const notes = await notesDataOf(db, me.id);
  const collections = await collectionsExportOf(db, me.id);
  const marks = await highlightsDataOf(db, me.id);
  const library = await libraryFiles(db, me, origin, collections.folders, marks, turndown);
  const tagsOf = new Map<number, string[]>();
  for (const { essayId, name } of d.textTags) tagsOf.set(essayId, [...(tagsOf.get(essayId) ?? []), name]);
  const files: Zippable = {
    'README.txt': strToU8(README),
    'profile.json': json(d.profile),
    'essays.json': json(
      d.texts.map(({ content, ...t }) => ({
        ...t,
        tags: tagsOf.get(t.id) ?? [],
        html: `essays/${t.id}.html`,
        markdown: `essays/${t.id}.md`,
        length: content.length,
      })),
    ),
    'comments.json': json(d.said),
    'likes.json': json(d.liked),
    'collects.json': json(d.collected),
    'collections.json': json(collections),
    'follows.json': json({ following: d.following, followers: d.followers }),
    'blocks.json': json(d.blocked),
    'interests.json': json(d.interestTags),
    'mutes.json': json(
      (await exportMutes(db, me.id)).map((m) => ({
        kind: m.kind,
        id: m.tagId ?? m.classificationId ?? m.mutedUserId,
        name: m.tagName ?? m.classificationName ?? m.nickname ?? m.authorName,
        since: m.createdAt,
      })),
    ),
    'review.json': json(await exportReview(db, me.id)),
    'orders.json': json(d.bought),
    'notes.json': json(notes),
    'highlights.json': json(marks),
    'evidence.json': json(
      (await evidenceBy(db, me.id)).map((v) => ({
        essayId: v.essayId,
        stance: v.stance,
        source: v.source,
        note: v.note,
        confirmations: v.confirmations,
        hidden: v.hiddenAt !== null,
        createdAt: v.createdAt.toISOString(),
      })),
    ),
  };
  files['收藏夹'] = library.collected;
  if (marks.length) files['划线'] = library.marked;
  files['anki.csv'] = strToU8(library.anki);
  for (const t of d.texts) {
    files[`essays/${t.id}.html`] = strToU8(textHtml(t));
    files[`essays/${t.id}.md`] = strToU8(textMarkdown(t, turndown));
  }
  const zip = zipSync({ 'shiju-export': files }, { level: 6 });
  const day = now.toISOString().slice(0, 10);
  return deliver(storage, me.id, Buffer.from(zip), `shiju-export-${me.id}-${day}.zip`, now);
}
