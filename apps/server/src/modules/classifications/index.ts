/** The classifications module's public surface: other modules import only from here. */
export { findClassification, pageClassifications } from './queries.js';
export { classificationHandlers } from './routes.js';
