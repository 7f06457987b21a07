import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { defineCallWrite, defineDomain, defineWrite } from '../../../api/define.js';
import { essayQueries } from '../../essays/index.js';
import { commentKeys } from '../../../api/keys.js';

const comments = defineDomain('comments');

export const commentQueries = {
  ofEssay: (essayId: number, sort: 'hot' | 'new', pageSize: number) =>
    comments.paged('commentsPage', (pageNum) => ({ query: { essayId, sort, pageNum, pageSize } })),
  replies: (rootId: number, pageSize: number) => comments.paged('commentChildren', (pageNum) => ({ query: { rootId, pageNum, pageSize } })),
};

/** The text's comment count moves at once; its threads refetch in the background. */
function afterCommentsChanged(queryClient: QueryClient, essayId: number, delta: number): void {
  queryClient.setQueryData(essayQueries.details(essayId).queryKey, (d) => (d ? { ...d, comments: Math.max(0, d.comments + delta) } : d));
  void queryClient.invalidateQueries({ queryKey: commentKeys.all });
}

/** A comment or, with `parentId`, a reply. */
export const useCreateComment = defineCallWrite('createComment', {
  onSuccess: (queryClient, _comment, { body }) => afterCommentsChanged(queryClient, Number(body.essayId), 1),
});

/** Deletes a comment with its `replies`, which go with it. */
export const useDeleteComment = defineWrite(
  ({ id }: { id: number; essayId: number; replies: number }) => api('deleteComment', { params: { id } }),
  { onSuccess: (queryClient, _ok, { essayId, replies }) => afterCommentsChanged(queryClient, essayId, -(1 + replies)) },
);

/** 赞 on a comment, a toggle in the background of reading: no loading mask. */
export const useLikeComment = defineWrite(({ id, like }: { id: number; like: boolean }) =>
  like ? api('likeComment', { params: { id } }, { silent: true }) : api('unlikeComment', { params: { id } }, { silent: true }),
);
