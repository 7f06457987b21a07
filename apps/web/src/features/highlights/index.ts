export { highlightQueries } from './api/highlights.js';
export { HighlightLayer } from './components/HighlightLayer.js';
export { HighlightsPanel } from './components/HighlightsPanel.js';
export { MyHighlights } from './components/MyHighlights.js';
export { useHighlightsView } from './components/useHighlightsView.js';
