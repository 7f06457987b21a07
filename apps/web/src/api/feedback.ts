import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/** Toast durations of seed §9 (seconds, as antd counts them). */
export const MESSAGE_DURATION = 3;
export const NOTIFICATION_DURATION = 4.5;

staticMessage.config({ duration: MESSAGE_DURATION, maxCount: 3 });

/**
 * The request layer lives outside React, but toasts should carry the app's theme. The shell binds antd's
 * context-aware message API here once it has mounted; before that the static API stands in.
 */
let messageApi: MessageInstance = staticMessage;

export function bindMessageApi(api: MessageInstance): void {
  messageApi = api;
}

/** Error toast; the same text shown twice at once (e.g. by parallel calls) appears once. */
export function toastError(text: string): void {
  void messageApi.open({ type: 'error', content: text, key: `error:${text}`, duration: MESSAGE_DURATION });
}

export function toastSuccess(text: string): void {
  void messageApi.open({ type: 'success', content: text, duration: MESSAGE_DURATION });
}

export function toastInfo(text: string): void {
  void messageApi.open({ type: 'info', content: text, duration: MESSAGE_DURATION });
}
