/**
 * Two apps in one process, each on its own database, share nothing: what one keeps (list pages, a text's details,
 * ranking pages, readers' sessions, views waiting to be written) is never seen by the other, and a broadcast reaches
 * the other's caches only through a channel they share.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { RANK_MIN_LIKES } from '@shiju/contract/core';
import { likedByEstablished, publishText } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { essays } from '../src/db/schema.js';
import { refreshRankings } from '../src/modules/discovery/index.js';
import { EVERYTHING, type Broadcast } from '../src/lib/broadcast.js';

let a: TestContext;
let b: TestContext;
let essayId: number;
let classificationInB: number;
let author: Awaited<ReturnType<typeof signUp>>;

const list = (t: TestContext) => callAs(t.app, 'essaysPage', { body: { pageSize: 20 } });
const details = (t: TestContext, id: number, token?: string) => callAs(t.app, 'essayDetails', { body: { id } }, token);
const ranking = (t: TestContext) => callAs(t.app, 'ranking', { body: { pageSize: 20 } });

beforeAll(async () => {
  [a, b] = [await createTestApp(), await createTestApp()];
  const tx = await seedTaxonomy(a.database.db);
  classificationInB = (await seedTaxonomy(b.database.db)).meiju.id;
  author = await signUp(a.app);
  essayId = (await publishText(a.app, author, { content: '床前明月光，疑是地上霜。', classificationId: tx.meiju.id })).id;
  // Liked by enough established readers to be on A's ranked lists.
  await likedByEstablished(a, essayId, RANK_MIN_LIKES);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('two apps in one process', () => {
  it("keep their own list pages, details and ranking pages: a visitor of one never gets the other's", async () => {
    // A's visitors' pages are kept in A; B's database has no text at all.
    expect((await list(a)).data.list.map((e) => e.id)).toEqual([essayId]);
    expect((await details(a, essayId)).code).toBe('00000');
    await refreshRankings(a.database.db, a.app.runtime.broadcast);
    expect((await ranking(a)).data.list.map((e) => e.id)).toEqual([essayId]);

    expect((await list(b)).data.list).toEqual([]);
    expect((await details(b, essayId)).code).toBe('A0404');
    expect((await ranking(b)).data.list).toEqual([]);
  });

  it("keep their own readers' sessions", async () => {
    const sessions = (t: TestContext) => t.app.runtime.sessions;
    expect((await sessions(a).read(author.token))?.user.id).toBe(author.user.id);
    // Kept in A now; B neither has it nor finds the token in its database.
    expect(await sessions(b).read(author.token)).toBeNull();
    // Through the API too: on B the token is no one's, so a call that needs a user refuses it.
    expect((await callAs(b.app, 'me', {}, author.token)).code).toBe('A0230');
    expect((await details(a, essayId, author.token)).code).toBe('00000');
  });

  it("have their own broadcast: an invalidation in one reaches the other's caches only through a shared channel", async () => {
    const heard = (bc: Broadcast) => {
      const keys: string[] = [];
      bc.onInvalidate('probe', (key) => keys.push(key));
      return keys;
    };
    const [inA, inB] = [heard(a.app.runtime.broadcast), heard(b.app.runtime.broadcast)];
    a.app.runtime.broadcast.invalidate('probe', '1');
    expect(inA).toEqual(['1']);
    expect(inB).toEqual([]);

    // A channel both listen on (what LISTEN/NOTIFY or Redis pub/sub is to processes on one database).
    const listeners = [a.app.runtime.broadcast, b.app.runtime.broadcast];
    const channel = { publish: (message: string) => listeners.forEach((bc) => bc.receive(message)) };
    for (const bc of listeners) bc.attachTransport(channel);
    try {
      a.app.runtime.broadcast.invalidate('probe', '2');
      expect(inA).toEqual(['1', '2']); // once: its own message coming back is ignored
      expect(inB).toEqual(['2']);
      b.app.runtime.broadcast.resync();
      expect(inB).toEqual(['2', EVERYTHING]);
      expect(inA).toEqual(['1', '2']);
    } finally {
      for (const bc of listeners) bc.attachTransport(null);
    }
  });

  it('drop a kept page only in the app whose broadcast says so', async () => {
    const key = 'probe-page';
    const keep = (t: TestContext, total: number) => t.app.runtime.essayCaches.totals.get(key, async () => total);
    expect(await keep(a, 1)).toBe(1);
    expect(await keep(b, 2)).toBe(2);
    // A text entering the lists in A: A's totals go, B's stay.
    a.app.runtime.broadcast.invalidate('essay-lists', EVERYTHING);
    expect(a.app.runtime.essayCaches.totals.peek(key)).toBeUndefined();
    expect(b.app.runtime.essayCaches.totals.peek(key)).toBe(2);
  });

  it("flush their own views: flushing one app's buffer writes nothing of the other's", async () => {
    const other = await signUp(b.app);
    const inB = (await publishText(b.app, other, { content: '举头望明月，低头思故乡。', classificationId: classificationInB })).id;
    const views = async (t: TestContext, id: number) =>
      (await t.database.db.select({ views: essays.views }).from(essays).where(eq(essays.id, id)))[0]!.views;
    // Views the calls above counted are written first.
    await Promise.all([a.app.runtime.views.flush(), b.app.runtime.views.flush()]);
    const [beforeA, beforeB] = [await views(a, essayId), await views(b, inB)];

    // The buffers' own timers are held, so only the flushes below write.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      a.app.runtime.views.record(essayId, 'v:state-test-a');
      b.app.runtime.views.record(inB, 'v:state-test-b');
      await a.app.runtime.views.flush();
      expect(await views(a, essayId)).toBe(beforeA + 1);
      expect(await views(b, inB)).toBe(beforeB);
    } finally {
      vi.useRealTimers();
    }
    await b.app.runtime.views.flush();
    expect(await views(b, inB)).toBe(beforeB + 1);
  });
});
