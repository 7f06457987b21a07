import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../http/auth.js';
import { refuseSensitive } from '../essays/sensitive.js';
import { updateProfile } from './queries.js';

/** Nicknames and bios are public: one with a listed word is refused with a message naming the field. */
export async function updateMe(db: Db, me: UserRow, body: CallParsed<'updateMe'>['body'], sensitiveFile?: string) {
  if (body.nickname !== undefined) refuseSensitive('nickname', body.nickname, sensitiveFile);
  if (body.bio !== undefined) refuseSensitive('bio', body.bio, sensitiveFile);
  return Object.keys(body).length ? updateProfile(db, me.id, body) : me;
}
