import { sql, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { ads, announcements, classifications, essays, themes, users } from '../../db/schema.js';
import { UPLOAD_PATTERN } from './uploads.js';

/**
 * Which of these uploads something on the site still shows: an avatar, a text that is not deleted (cover or an
 * image in its HTML), a classification's cover, an announcement, an ad or the theme. Uploads are stored by content
 * hash, so two people uploading the same picture share one file. One pass over each table: the texts' HTML is read
 * only where it holds an upload at all, and its uploads are pulled out by the stored shape.
 */
export async function uploadsInUse(db: Db, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const wanted = sql`${`{${urls.join(',')}}`}::text[]`;
  const found = (column: SQLWrapper) => sql`(regexp_matches(${column}, ${UPLOAD_PATTERN}, 'g'))[1]`;
  const rows = await rowsOf<{ url: string }>(
    db,
    sql`select url from (
      select ${users.avatar} as url from ${users} where ${users.avatar} = any(${wanted})
      union select ${essays.cover} from ${essays} where ${essays.status} <> 'deleted' and ${essays.cover} = any(${wanted})
      union select ${found(essays.content)} from ${essays} where ${essays.status} <> 'deleted' and strpos(${essays.content}, '/uploads/') > 0
      union select ${classifications.cover} from ${classifications} where ${classifications.cover} = any(${wanted})
      union select ${found(announcements.content)} from ${announcements} where strpos(${announcements.content}, '/uploads/') > 0
      union select ${ads.image} from ${ads} where ${ads.image} = any(${wanted})
      union select ${found(sql`${themes.layout}::text`)} from ${themes}
    ) used where url = any(${wanted})`,
  );
  return new Set(rows.map((r) => r.url));
}
