export { type AdminQuery, adminKeys } from './api/admin.js';
