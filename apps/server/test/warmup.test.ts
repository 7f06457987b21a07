/**
 * The warm-up a process runs before it listens (http/warmUp.ts): the calls readers make most, made by the server
 * itself on the starter library. It must answer them all, and leave no trace a reader could see: no view counted,
 * no query counted as searched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { warmUp } from '../src/http/warmUp.js';
import { createStarterApp, type TestContext } from './helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createStarterApp();
});
afterAll(async () => t?.close());

const counted = async () => {
  await t.app.runtime.views.flush();
  await t.app.runtime.flushSearchCounts();
  const [row] = (
    await t.database.db.execute<{ views: number; searches: number; viewed: number }>(
      sql`select (select count(*) from essay_views)::int as views, (select coalesce(sum(count), 0) from search_counts)::int as searches,
        (select coalesce(sum(views), 0) from essays)::int as viewed`,
    )
  ).rows;
  return row;
};

describe('the warm-up before listening', () => {
  it("makes the readers' calls on the library, every one answered, and counts no view and no search", async () => {
    const before = await counted();
    const warm = await warmUp(t.app, { concurrency: 4, budgetMs: 60_000, pages: false });
    // Lists in three sorts and deep pages per filter, details of what they listed, rankings, searches (the pages are
    // the web app's, not built for these tests).
    expect(warm.calls).toBeGreaterThan(100);
    expect(warm.failed).toEqual([]);
    expect(await counted()).toEqual(before);
  });

  it('stops starting calls once its time is spent', async () => {
    const warm = await warmUp(t.app, { concurrency: 4, budgetMs: 0, pages: true });
    // The classifications it lists from, and nothing after the deadline.
    expect(warm.calls).toBe(1);
  });
});
