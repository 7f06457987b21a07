/** The messages module's public surface: other modules import only from here. */
export { messageHandlers } from './routes.js';
export { notify } from './service.js';
