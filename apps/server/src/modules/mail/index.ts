/** The mail module's public surface: other modules import only from here. */
export { mailHandlers } from './routes.js';
export { CODE_TRIES, RECOVERY_PER_IP } from './service.js';
