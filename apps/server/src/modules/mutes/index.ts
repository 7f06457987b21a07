/** The 屏蔽 (muting) module's public surface: other modules import only from here. */
export { muteHandlers } from './routes.js';
export { mutedNames } from './service.js';
export { dropMutesOf, exportMutes, mutesAnything, notMutedBy } from './queries.js';
