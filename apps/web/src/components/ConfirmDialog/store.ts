import type { ReactNode } from 'react';

/** How a dialog ended (docs/rules.md#front-end-constants: a confirmation box can be confirmed, cancelled or closed). */
export type DialogAction = 'confirm' | 'cancel' | 'close';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Red OK button for destructive actions (删除 …). */
  danger?: boolean;
}

export interface PromptOptions extends Omit<ConfirmOptions, 'content' | 'danger'> {
  label?: ReactNode;
  placeholder?: string;
  defaultValue?: string;
  /** The input must match this (whole value) before OK is accepted. */
  pattern?: RegExp;
  /** Shown under the input when the pattern does not match. */
  errorText?: string;
  maxLength?: number;
}

export type PromptResult = { action: 'confirm'; value: string } | { action: 'cancel' | 'close' };

export type DialogRequest =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (a: DialogAction) => void }
  | { id: number; kind: 'prompt'; options: PromptOptions; resolve: (r: PromptResult) => void };

/** Open dialogs, rendered by <DialogHost/>; callable from anywhere, hooks or not. */
let open: DialogRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export const dialogStore = {
  get: (): DialogRequest[] => open,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  remove(id: number): void {
    open = open.filter((d) => d.id !== id);
    emit();
  },
};

/** Asks a yes/no question; resolves with confirm, cancel (the cancel button) or close (×, Esc, mask). */
export function confirmDialog(options: ConfirmOptions): Promise<DialogAction> {
  return new Promise((resolve) => {
    open = [...open, { id: nextId++, kind: 'confirm', options, resolve }];
    emit();
  });
}

/** Asks for a line of text, checked against `pattern` before OK is accepted. */
export function promptDialog(options: PromptOptions): Promise<PromptResult> {
  return new Promise((resolve) => {
    open = [...open, { id: nextId++, kind: 'prompt', options, resolve }];
    emit();
  });
}

export const DEFAULT_PROMPT_ERROR = '输入格式不正确';

/** Whole-value match, independent of the pattern's own flags and anchors. */
export function matchesPattern(value: string, pattern: RegExp | undefined): boolean {
  if (!pattern) return true;
  const re = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  const m = re.exec(value);
  return m !== null && m[0] === value;
}
