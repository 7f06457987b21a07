export { useSignOut } from './api/useSignOut.js';
