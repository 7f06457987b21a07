/** The 仿写 coach's public surface (docs/coach.md): the 对仗 check, an imitation's kept scores. */
export { coachHandlers } from './routes.js';
export { storeImitationScores } from './service.js';
export { measureParallel, PARALLEL_BAR } from './parallel.js';
