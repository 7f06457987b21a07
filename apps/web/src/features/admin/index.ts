export { type AdminQuery } from './api/admin.js';
