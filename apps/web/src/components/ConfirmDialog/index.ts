export { DialogHost } from './DialogHost.js';
export {
  confirmDialog,
  promptDialog,
  DEFAULT_PROMPT_ERROR,
  type ConfirmOptions,
  type DialogAction,
  type PromptOptions,
  type PromptResult,
} from './store.js';
