/** The site module's public surface: other modules import only from here. */
export { siteHandlers } from './routes.js';
export { DEFAULT_THEME, getTheme } from './service.js';
