export { adQueries, useAdClick } from './api/ads.js';
