/** The highlights module's public surface (划线 · 想法 · 热门划线): other modules import only from here. */
export { highlightHandlers } from './routes.js';
export {
  forgetHighlightsOf,
  hideThoughtInTx,
  highlightsDataOf,
  reanchorHighlights,
  reportableThought,
  sentencesOf,
  thoughtTargets,
} from './service.js';
export { searchMine as searchMyHighlights } from './queries.js';
