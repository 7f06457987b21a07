/** The authors module's public surface: other modules import only from here. */
export { authorDynasty } from './queries.js';
