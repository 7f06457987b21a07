export { WorkLine } from './components/WorkLine.js';
