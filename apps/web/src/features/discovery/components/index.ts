export { Highlight } from './Highlight.js';
export { HighlightedEssayCard } from './HighlightedEssayCard.js';
export { HotSearches, prefetchHotSearches } from './HotSearches.js';
export { weekLabel, weekRangeLabel } from './isoWeek.js';
export { RankedEntry } from './RankedEntry.js';
export { RankingRules } from './RankingRules.js';
export { RankReason, RankShortfall, type RankingPeriod } from './RankReason.js';
export { prefetchTagHomes, tagHref, useTagHomes } from './tagTargets.js';
export { pickOne, useQueryParam } from './useQueryParam.js';
