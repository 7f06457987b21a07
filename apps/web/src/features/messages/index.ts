export { messageQueries } from './api/messages.js';
