/** The limits module's public surface: fixed-window rate counters shared by every API process. */
export { allow, hit, hitWindow, peek, pruneStale, reset, STALE_COUNTER_DAYS, type Window } from './queries.js';
