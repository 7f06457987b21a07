/** The reports module's public surface: other modules import only from here. */
export { reportHandlers } from './routes.js';
