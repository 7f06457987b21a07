/** The essays module's public surface: other modules import only from here. */
export { deleteInTx, hideInTx } from './admin.js';
export { presentCard, presentEssays } from './presenter.js';
export {
  cardPage,
  cardsOf,
  decodeCursor,
  encodeCursor,
  findEssay,
  mergedTarget,
  refreshHotScore,
  toggleReaction,
  underReportLimit,
  type CardRow,
  type Cursor,
} from './queries.js';
export { essayHandlers } from './routes.js';
export { MERGE_HANDLES } from './merge.js';
export { createEssay, listPublished, publishedDetails, react, removeEssayInTx, withReaderFlags, type EssayRuntime } from './service.js';
export { createEssayCaches, type EssayCaches } from './cache.js';
export { type PublishLimits } from './publishing.js';
export { createViewBuffer, type ViewBuffer } from './views.js';
