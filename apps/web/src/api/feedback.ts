import type { MessageInstance } from 'antd/es/message/interface';

/** Toast durations of seed §9 (seconds, as antd counts them). */
export const MESSAGE_DURATION = 3;
export const NOTIFICATION_DURATION = 4.5;

/**
 * antd's message, fetched with the first toast: the reading pages start without antd (README, the reader's first
 * load), and a toast waits the moment its code takes to arrive.
 */
let messages: Promise<MessageInstance> | null = null;

function messageApi(): Promise<MessageInstance> {
  messages ??= import('../shell/antd/messages.js')
    .then((m) => m.message)
    .catch((e: unknown) => {
      messages = null;
      throw e;
    });
  return messages;
}

function show(open: (api: MessageInstance) => unknown): void {
  // Nothing to show while the server prerenders a page.
  if (typeof document === 'undefined') return;
  messageApi()
    .then(open)
    .catch(() => undefined);
}

/** Error toast; the same text shown twice at once (e.g. by parallel calls) appears once. */
export function toastError(text: string): void {
  show((api) => api.open({ type: 'error', content: text, key: `error:${text}`, duration: MESSAGE_DURATION }));
}

export function toastSuccess(text: string): void {
  show((api) => api.open({ type: 'success', content: text, duration: MESSAGE_DURATION }));
}

export function toastInfo(text: string): void {
  show((api) => api.open({ type: 'info', content: text, duration: MESSAGE_DURATION }));
}
