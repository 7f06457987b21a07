export { ImitationTreeSection } from './components/ImitationTreeSection.js';
