export { messageKeys, messageQueries } from './api/messages.js';
