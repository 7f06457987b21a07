/** The challenges module's public surface (每周仿写, docs/challenges.md): other modules import only from here. */
export { closeDueChallenges } from './closing.js';
export { challengeIds } from './queries.js';
export { challengeDetails, challengeEntries, challengesPage } from './service.js';
export { challengeHandlers } from './routes.js';
