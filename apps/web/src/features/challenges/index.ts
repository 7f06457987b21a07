export { afterChallengeEntered, challengeQueries } from './api/challenges.js';
export { STATE_LABELS, challengeName, challengeTime, challengeWindow } from './components/labels.js';
