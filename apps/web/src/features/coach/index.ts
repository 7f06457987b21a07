export { useSetImitationScoresPublic } from './api/coach.js';
export { ScoresLine } from './components/ScoresLine.js';
export { loadCoachPanel } from './lazy.js';
