export { afterAttributionResolved } from './api/attributions.js';
export { AttributionLine } from './components/AttributionLine.js';
export { CitationFields, type CitationValues, citationOf } from './components/CitationFields.js';
export { CitationText } from './components/citation.js';
