/** The comments module's public surface: other modules import only from here. */
export { findVisible } from './queries.js';
export { commentHandlers } from './routes.js';
export { COMMENT_BURST, removeComment } from './service.js';
