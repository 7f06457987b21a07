import type { CollectionFolder } from '@shiju/contract';
import type { FolderWithOwner } from './queries.js';

export function presentFolder(f: FolderWithOwner, following: boolean): CollectionFolder {
  return {
    id: f.id,
    owner: { id: f.userId, nickname: f.ownerNickname, avatar: f.ownerAvatar },
    name: f.name,
    description: f.description,
    cover: f.cover,
    isPublic: f.isPublic,
    isDefault: f.isDefault,
    hidden: f.hiddenAt !== null,
    itemCount: f.itemCount,
    followerCount: f.followerCount,
    following,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}
