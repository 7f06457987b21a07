export { toneQueries } from './api/tones.js';
export { MeterBar } from './components/MeterBar.js';
