import type { UserInfo } from '@shiju/contract';
import type { UserRow } from './queries.js';
import { iso } from '../../lib/time.js';

export function presentUserInfo(u: UserRow): UserInfo {
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    role: u.role,
    bio: u.bio,
    memberUntil: iso(u.memberUntil),
    likesPublic: u.likesPublic,
    collectsPublic: u.collectsPublic,
    agreementVersion: u.agreementVersion,
    deletionDueAt: iso(u.deletionDueAt),
    email: u.email,
    noteEditor: u.noteEditor,
  };
}
