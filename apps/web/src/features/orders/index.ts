export { PROVIDERS, type PaymentProviderId, STATUS, formatYuan } from './orders.js';
