/** The dashboard module's public surface: other modules import only from here. */
export { dashboardHandlers } from './routes.js';
