export { commentQueries, useCreateComment } from './api/comments.js';
export { COMMENTS_PAGE_SIZE, Comments, FIRST_SORT } from './components/Comments.js';
