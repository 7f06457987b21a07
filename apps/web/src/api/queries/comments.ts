import { defineDomain } from './define.js';

const comments = defineDomain('comments');

export const commentKeys = { all: comments.all };

export const commentQueries = {
  ofEssay: (essayId: number, sort: 'hot' | 'new', pageSize: number) =>
    comments.paged('commentsPage', (pageNum) => ({ query: { essayId, sort, pageNum, pageSize } })),
  replies: (rootId: number, pageSize: number) => comments.paged('commentChildren', (pageNum) => ({ query: { rootId, pageNum, pageSize } })),
};
