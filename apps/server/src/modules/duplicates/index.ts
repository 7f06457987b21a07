/** The duplicates module's public surface: other modules import only from here. */
export { duplicateHandlers } from './routes.js';
export {
  afterPost,
  backfillSignatures,
  checkPost,
  dropSignature,
  findDuplicates,
  plainOf,
  settlePairsOf,
  writeSignature,
  type Found,
} from './service.js';
export { saveSignatures } from './queries.js';
