/** The 每日回顾 module's public surface: other modules import only from here. */
export { reviewHandlers } from './routes.js';
export { dropReviewOf, exportReview } from './queries.js';
export { REVIEW_FSRS_PARAMETERS, replay } from './schedule.js';
export { CARD_SOURCES, type CardSource } from './sources.js';
