/** The people module's public surface: other modules import only from here. */
export { peopleHandlers } from './routes.js';
export { purgeDueAccounts } from './service.js';
