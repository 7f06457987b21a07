export { api, type ApiInput, SIDEBAR_AD_POSITION } from './client.js';
export { ApiError, isApiError } from './errors.js';
export type { PageItem } from './define.js';
export { toastError, toastInfo, toastSuccess } from './feedback.js';
