import type { MessageInstance } from 'antd/es/message/interface';

/** Toast durations (docs/rules.md#front-end-constants) (seconds, as antd counts them). */
export const MESSAGE_DURATION = 3;
export const NOTIFICATION_DURATION = 4.5;

/**
 * antd's message, fetched with the first toast: the reading pages start without antd (README, the reader's first
 * load), and a toast waits the moment its code takes to arrive. The app's start says where it comes from
 * (components/antd/messages.tsx), so this layer does not import the UI built on top of it.
 */
let loadMessages: (() => Promise<MessageInstance>) | null = null;
let messages: Promise<MessageInstance> | null = null;

export function setMessageLoader(load: () => Promise<MessageInstance>): void {
  loadMessages = load;
}

function messageApi(): Promise<MessageInstance> {
  if (!loadMessages) return Promise.reject(new Error('no message loader'));
  messages ??= loadMessages().catch((e: unknown) => {
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
