export { api, type ApiInput, SIDEBAR_AD_POSITION } from './client.js';
export { ApiError, isApiError, isNotOpenYet } from './errors.js';
export { callKey, useCall, useCallMutation, useInfiniteList, type PageItem } from './hooks.js';
export { toastError, toastInfo, toastSuccess } from './feedback.js';
