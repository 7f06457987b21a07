/** The tags module's public surface: other modules import only from here. */
export { classificationExists, existingTagIds, findTag, tagNames } from './queries.js';
export { tagHandlers } from './routes.js';
