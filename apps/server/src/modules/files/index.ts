/** The files module's public surface: other modules import only from here. */
export { fileHandlers, registerUploads } from './routes.js';
export { removeUnusedUploads } from './service.js';
export { uploadsIn } from './uploads.js';
