/** 格律: a text's stored 平仄 (the engine itself is the contract's `@shiju/contract/tones`). */
export { toneHandlers } from './routes.js';
