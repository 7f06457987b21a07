/** The attributions module's public surface (出处 · 考证 · 存疑名句): other modules import only from here. */
export { attributionHandlers } from './routes.js';
export {
  cleanCitation,
  evidenceBy,
  evidenceTargets,
  hideEvidenceInTx,
  reportableEvidence,
  setStatusInTx as decideAttributionInTx,
} from './service.js';
