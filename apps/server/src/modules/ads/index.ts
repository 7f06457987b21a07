/** The ads module's public surface: other modules import only from here. */
export { adHandlers } from './routes.js';
export { AD_CLICKS_PER_ADDRESS } from './service.js';
