/** The open module's public surface: other modules import only from here. */
export { openHandlers, registerOpenApiHeaders } from './routes.js';
export { decodeDrawToken, encodeDrawToken } from './token.js';
export { createIdRanges, type IdRanges } from './service.js';
