export { ReviewPanel } from './components/ReviewPanel.js';
