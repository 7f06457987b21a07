/** The announcements module's public surface: other modules import only from here. */
export { findPublished, pagePublished } from './queries.js';
export { announcementHandlers } from './routes.js';
