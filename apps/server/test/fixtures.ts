/** Small, explicit content for tests that need classifications and tags to write under. */
import type { Db } from '../src/db/client.js';
import { classifications, classificationTagRel, tags } from '../src/db/schema.js';

export async function seedTaxonomy(db: Db) {
  const [meiju, sanwen] = await db
    .insert(classifications)
    .values([
      { name: '美句', description: '一句话的光', sort: 1 },
      { name: '散文', description: '长一点的心事', sort: 2 },
    ])
    .returning();
  const [tangshi, sixiang] = await db
    .insert(tags)
    .values([
      { name: '唐诗', letter: 'T', sort: 1 },
      { name: '思乡', letter: 'S', sort: 2 },
    ])
    .returning();
  const [libai, dufu] = await db
    .insert(tags)
    .values([
      { name: '李白', letter: 'L', parentId: tangshi!.id },
      { name: '杜甫', letter: 'D', parentId: tangshi!.id },
    ])
    .returning();
  await db.insert(classificationTagRel).values([
    { classificationId: meiju!.id, tagId: tangshi!.id, sort: 1 },
    { classificationId: meiju!.id, tagId: sixiang!.id, sort: 2 },
    { classificationId: sanwen!.id, tagId: sixiang!.id },
  ]);
  return { meiju: meiju!, sanwen: sanwen!, tangshi: tangshi!, sixiang: sixiang!, libai: libai!, dufu: dufu! };
}
