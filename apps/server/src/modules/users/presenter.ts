import type { UserInfo } from '@shiju/contract';
import type { UserRow } from './queries.js';

export function presentUserInfo(u: UserRow): UserInfo {
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    role: u.role,
    bio: u.bio,
    memberUntil: u.memberUntil ? u.memberUntil.toISOString() : null,
    likesPublic: u.likesPublic,
    collectsPublic: u.collectsPublic,
    agreementVersion: u.agreementVersion,
    deletionDueAt: u.deletionDueAt ? u.deletionDueAt.toISOString() : null,
    email: u.email,
  };
}
