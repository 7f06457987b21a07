/** The discovery module's public surface: other modules import only from here. */
export { authorPage, authorPageSql } from './authors.js';
export { authorDetail, authorWorks, dynasties, dynastyAuthors, sitemapAuthors } from './authorProfiles.js';
export { freezePreviousWeek, freezeWeek, frozenWeeks, weekEntries } from './bestWeek.js';
export { forgetFeed } from './interests.js';
export { PERIODS, rankingPage, refreshRanking, refreshRankings, type Period } from './ranking.js';
export { discoveryHandlers } from './routes.js';
export { clearSearchIndexes, flushSearchCounts, search, warmHotSearches, warmSearchIndexes } from './search.js';
export { createFeedTotals, type FeedTotals } from './interests.js';
export { createRankingCache, type RankingCache } from './ranking.js';
export { createSearchState, type SearchState } from './search.js';
