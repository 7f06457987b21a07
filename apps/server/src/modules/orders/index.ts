/** The orders module's public surface: other modules import only from here. */
export { reconcilePayments, syncPayment } from './payments.js';
export { orderHandlers } from './routes.js';
