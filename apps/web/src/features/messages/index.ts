export { messageQueries } from './api/messages.js';
export { useUnreadCounts } from './components/unread.js';
