import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from './queries.js';
import type { SensitiveWords } from '../../lib/sensitive.js';
import { updateProfile } from './queries.js';

/** Nicknames and bios are public: one with a listed word is refused with a message naming the field. */
export async function updateMe(db: Db, me: UserRow, body: CallParsed<'updateMe'>['body'], sensitive: SensitiveWords) {
  if (body.nickname !== undefined) sensitive.refuse('nickname', body.nickname);
  if (body.bio !== undefined) sensitive.refuse('bio', body.bio);
  return Object.keys(body).length ? updateProfile(db, me.id, body) : me;
}
