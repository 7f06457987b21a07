/** The attribution conflicts module's public surface (署名冲突): other modules import only from here. */
export { conflictHandlers } from './routes.js';
export { authorKey, dropConflictMember, recordPostConflicts, scanConflicts } from './service.js';
