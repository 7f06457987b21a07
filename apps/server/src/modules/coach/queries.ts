import { eq } from 'drizzle-orm';
import type { Exec } from '../../db/client.js';
import { essays, imitationScores } from '../../db/schema.js';

export type ScoresRow = typeof imitationScores.$inferSelect;
export type ScoreValues = Omit<typeof imitationScores.$inferInsert, 'public' | 'updatedAt'>;

/** What the coach reads of a text: its body, its stored 平仄, who wrote it and what it imitates. */
export async function textOf(db: Exec, id: number) {
  const [row] = await db
    .select({
      id: essays.id,
      type: essays.type,
      content: essays.content,
      tones: essays.tones,
      status: essays.status,
      authorId: essays.authorId,
      imitateOf: essays.imitateOf,
    })
    .from(essays)
    .where(eq(essays.id, id))
    .limit(1);
  return row;
}

/** Writes an imitation's scores, keeping the writer's choice to show them. */
export async function saveScores(db: Exec, v: ScoreValues) {
  const { essayId: _id, ...rest } = v;
  await db
    .insert(imitationScores)
    .values(v)
    .onConflictDoUpdate({ target: imitationScores.essayId, set: { ...rest, updatedAt: new Date() } });
}

export async function dropScores(db: Exec, essayId: number) {
  await db.delete(imitationScores).where(eq(imitationScores.essayId, essayId));
}

export async function findScores(db: Exec, essayId: number): Promise<ScoresRow | undefined> {
  const [row] = await db.select().from(imitationScores).where(eq(imitationScores.essayId, essayId)).limit(1);
  return row;
}

export async function setPublic(db: Exec, essayId: number, visible: boolean) {
  await db.update(imitationScores).set({ public: visible }).where(eq(imitationScores.essayId, essayId));
}
