import type { QueryClient } from '@tanstack/react-query';
import { defineCallWrite, defineDomain } from '../../../api/define.js';
import { essayKeys } from '../../../api/keys.js';
import { userKeys } from '../../../api/keys.js';

/** 收藏夹: the reader's named collections, others' public ones, and 收藏夹更新. */
const collections = defineDomain('collections');

export const collectionKeys = {
  all: collections.all,
  mine: collections.call('myCollections'),
};

export const collectionQueries = {
  /** The reader's folders; with `essayId`, which of them hold that text. */
  mine: (essayId?: number) => collections.query('myCollections', { query: essayId ? { essayId } : {} }),
  ofUser: (userId: number) => collections.query('userCollections', { params: { id: userId } }, { quietCodes: ['A0301', 'A0404'] }),
  one: (id: number) => collections.query('collection', { params: { id } }, { quietCodes: ['A0404'] }),
  items: (id: number, pageSize: number) =>
    collections.paged('collectionItems', (pageNum) => ({ params: { id }, query: { pageNum, pageSize } }), { quietCodes: ['A0404'] }),
  updates: (pageSize: number) => collections.paged('collectionUpdates', (pageNum) => ({ query: { pageNum, pageSize } })),
};

/**
 * After any change to folders or what they hold: every folder list and page, the collected lists of people, and the
 * texts' details (their 收藏 state and count), those not on screen when shown next.
 */
function afterCollectionsChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: essayKeys.details, refetchType: 'none' }),
  ]);
}
const effects = { onSuccess: afterCollectionsChanged };

export const useCreateCollection = defineCallWrite('createCollection', effects);
export const useUpdateCollection = defineCallWrite('updateCollection', effects);
export const useDeleteCollection = defineCallWrite('deleteCollection', effects);
export const useReorderCollections = defineCallWrite('reorderCollections', effects);
export const useSetEssayCollections = defineCallWrite('setEssayCollections', effects);
export const useRemoveCollectionItems = defineCallWrite('removeCollectionItems', effects);
export const useMoveCollectionItems = defineCallWrite('moveCollectionItems', effects);
export const useReorderCollectionItem = defineCallWrite('reorderCollectionItem', effects);
export const useFollowCollection = defineCallWrite('followCollection', effects);
export const useUnfollowCollection = defineCallWrite('unfollowCollection', effects);
