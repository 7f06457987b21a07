/** The scheduler's one table: each job's last successful run. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobRuns } from '../db/schema.js';

/** Whether the job ran successfully within its interval before `now` (a restart, a deploy, a failover). */
export async function ranWithin(db: Db, job: { name: string; everyMs: number }, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: jobRuns.lastRunAt })
    .from(jobRuns)
    .where(sql`${jobRuns.name} = ${job.name}`);
  return !!row && now.getTime() - new Date(row.at).getTime() < job.everyMs;
}

export async function recordRun(db: Db, name: string, at: Date) {
  await db
    .insert(jobRuns)
    .values({ name, lastRunAt: at })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: at } });
}
