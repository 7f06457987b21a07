/** The export module's public surface: other modules import only from here. */
export { exportHandlers } from './routes.js';
export { EXPORTS_PER_HOUR, EXPORT_LINK_SECONDS, removeExportsOf } from './service.js';
export { ankiCsv, cardSource, clozeOf, folderMarkdown, frontMatter, highlightsMarkdown, safeFileName } from './library.js';
