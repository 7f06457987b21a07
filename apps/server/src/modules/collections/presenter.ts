import { isUploadUrl, type CollectionFolder } from '@shiju/contract';
import type { FolderWithOwner } from './queries.js';

/** A folder as the console shows it: everything but whether the viewer follows it. */
export function presentFolderFields(f: FolderWithOwner): Omit<CollectionFolder, 'following'> {
  return {
    id: f.id,
    owner: { id: f.userId, nickname: f.ownerNickname, avatar: f.ownerAvatar },
    name: f.name,
    description: f.description,
    // Folders saved before covers had to be this site's uploads may hold any address: never shown (nor as og:image).
    cover: f.cover && isUploadUrl(f.cover) ? f.cover : null,
    isPublic: f.isPublic,
    isDefault: f.isDefault,
    hidden: f.hiddenAt !== null,
    itemCount: f.itemCount,
    followerCount: f.followerCount,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

export function presentFolder(f: FolderWithOwner, following: boolean): CollectionFolder {
  return { ...presentFolderFields(f), following };
}
