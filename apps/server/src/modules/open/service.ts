/**
 * 随机一句, the open sentence API: a random published sentence that a reader has not been shown in their last
 * 200 draws (while the filter has others). Readers on our own pages are remembered by account or visitor
 * cookie; embeds on other sites carry the memory in a token they send back.
 */
import type { FastifyRequest } from 'fastify';
import { creditOf, type CallParsed, type OpenSentence } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { hasVisitorCookie, type Caller } from '../../http/auth.js';
import { RawAnswer } from '../../http/envelope.js';
import { invalid, notFound } from '../../http/errors.js';
import { Cache } from '../../lib/cache.js';
import type { Metrics } from '../../lib/metrics.js';
import * as q from './queries.js';
import { decodeDrawToken, encodeDrawToken } from './token.js';

/** The range of sentence ids, read at most once a minute per app. */
export const createIdRanges = (metrics: Metrics) => new Cache<{ lo: number; hi: number }>(metrics, 'open-ranges', { ttl: 60_000, max: 1 });
export type IdRanges = ReturnType<typeof createIdRanges>;

/** JSON for inlining in a script: `</script>`, `<!--` and line separators cannot end or break it. */
function scriptLiteral(value: string): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export async function drawSentence(
  db: Db,
  ranges: IdRanges,
  req: FastifyRequest,
  caller: Caller,
  query: CallParsed<'openSentence'>['query'],
) {
  const { encode, select, token, ...filter } = query;
  let recent: number[];
  let viewer: string | null = null;
  if (token !== undefined) {
    const ids = decodeDrawToken(token);
    if (!ids) throw invalid('token 无效，请使用上次返回的 token');
    recent = ids;
  } else if (caller.user || hasVisitorCookie(req)) {
    viewer = caller.viewerKey;
    recent = await q.recentDraws(db, viewer);
  } else recent = [];

  const { lo, hi } = await ranges.get('ids', () => q.idRange(db));
  const pivot = lo + Math.floor(Math.random() * (hi - lo + 1));
  // Fresh first; when the filter has nothing fresh left, a repeat is better than no sentence.
  const viewerId = caller.user?.id;
  const row =
    (await q.drawOne(db, filter, recent, pivot, viewerId)) ?? (recent.length ? await q.drawOne(db, filter, [], pivot, viewerId) : null);
  if (!row) throw notFound('没有符合条件的句子');
  if (viewer) await q.rememberDraw(db, viewer, row.id);

  const credit = creditOf({
    workAuthor: row.work_author,
    dynasty: row.dynasty,
    ownWork: row.original,
    imported: row.imported,
    postedByEditor: row.posted_by_editor,
    author: { nickname: row.poster_nickname },
  });
  const sentence: OpenSentence = {
    id: row.id,
    text: row.content,
    author: credit.author,
    dynasty: credit.dynasty,
    original: credit.original,
    poster: credit.poster,
    source: row.source,
    attributionStatus: row.attribution_status,
    classification: row.classification_id && row.classification_name ? { id: row.classification_id, name: row.classification_name } : null,
    tags: row.tags,
    link: `${req.protocol}://${req.host}/bellesDetails?id=${row.id}`,
    length: [...row.content].length,
    token: encodeDrawToken([row.id, ...recent.filter((id) => id !== row.id)]),
  };
  switch (encode) {
    case 'text':
      return new RawAnswer('text/plain; charset=utf-8', sentence.text);
    case 'js':
      return new RawAnswer(
        'application/javascript; charset=utf-8',
        `(function(){var t=${scriptLiteral(sentence.text)},n=document.querySelectorAll(${scriptLiteral(select)});` +
          `for(var i=0;i<n.length;i++){n[i].textContent=t;}})();\n`,
      );
    case 'json':
      return sentence;
  }
}
