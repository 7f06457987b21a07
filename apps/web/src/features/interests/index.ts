export { interestKeys, interestQueries } from './api/interests.js';
