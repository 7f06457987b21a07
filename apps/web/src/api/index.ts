export { api, type ApiInput, SIDEBAR_AD_POSITION } from './client.js';
export { ApiError, isApiError, isNotOpenYet } from './errors.js';
export { useCallMutation } from './hooks.js';
export type { PageItem } from './queries/define.js';
export { toastError, toastInfo, toastSuccess } from './feedback.js';
