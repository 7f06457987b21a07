export { discoveryQueries } from './api/discovery.js';
export { Highlight } from './components/Highlight.js';
export { RankShortfall, RankedEntry, pickOne, useQueryParam } from './components/index.js';
export { weekLabel, weekRangeLabel } from './components/isoWeek.js';
