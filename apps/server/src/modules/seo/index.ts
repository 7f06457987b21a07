/** The seo module's public surface: other modules import only from here. */
export { loadPrerenderer } from './prerender.js';
export { themeStyle } from './presenter.js';
export { registerSeo } from './routes.js';
