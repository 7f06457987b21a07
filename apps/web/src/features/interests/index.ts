export { interestQueries } from './api/interests.js';
