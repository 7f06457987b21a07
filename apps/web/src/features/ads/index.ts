export { adKeys, adQueries, useAdClick } from './api/ads.js';
