/** The social module's public surface: other modules import only from here. */
export { socialHandlers } from './routes.js';
export { profile, relations } from './service.js';
