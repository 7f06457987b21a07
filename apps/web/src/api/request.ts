import type { ErrorCode } from '@shiju/contract';
import { errorMessages } from 'virtual:shiju-calls';
import { clearSession, getAccessToken } from '../lib/session.js';
import { navigateTo } from '../lib/navigation.js';
import { ApiError } from './errors.js';
import { toastError } from './feedback.js';
import { loadingStore } from './loading.js';

/** docs/rules.md#request-layer. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  /** No loading mask for this call. */
  silent?: boolean;
  /**
   * Codes the caller shows in its own UI instead of a toast. A0230 is handled here (sign out, toast, go home)
   * unless listed, as sign-out does: an expired session is exactly what it wants to end.
   */
  quietCodes?: readonly string[];
  /** Cancels the call (e.g. the component asking for it went away). */
  signal?: AbortSignal;
  /**
   * Nothing shown for any failure (no toast, no sign-out): the caller shows the ApiError's message itself, as an
   * upload does beside its file.
   */
  quiet?: boolean;
  /**
   * The answer may be a file of this type instead of an envelope (a download, such as the data export): it is then
   * returned as a File named by the answer's Content-Disposition.
   */
  file?: string;
}

export interface RequestInit {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

interface Envelope {
  code: string;
  msg: string;
  data: unknown;
}

const SUCCESS = '00000';
const SIGNED_OUT = 'A0230';

function buildUrl(path: string, query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

function headers(hasBody: boolean, multipart: boolean): Headers {
  const h = new Headers({
    'Content-Type': 'application/json',
    'Accept-Language': 'zh-CN',
    culture: 'zh-Hans',
  });
  const token = getAccessToken();
  if (token) h.set('Authorization', `Bearer ${token}`);
  // A form sets its own multipart type (with its boundary).
  if (!hasBody || multipart) h.delete('Content-Type');
  return h;
}

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'string';
}

/** AbortSignal.any where available (it is young), else a controller that follows every signal. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

type Transport = (
  url: string,
  init: { method: string; headers: Headers; body?: string | FormData; signal: AbortSignal },
) => Promise<Response>;

/** How a call reaches the API: the browser's fetch, or the server's own API in-process while it prerenders a page. */
let transport: Transport = (url, init) => fetch(url, init);

/** For the server's prerendering (ssr/render.tsx) only. */
export function setTransport(t: Transport): void {
  transport = t;
}

/** A file answer, named as its Content-Disposition says. */
async function fileOf(res: Response, type: string): Promise<File> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return new File([await res.blob()], name, { type });
}

let quietDepth = 0;

/**
 * Calls started while `start` runs skip the loading mask: the app refreshing, in the background, answers the page
 * already shows (the server's copy of it, api/queryClient.ts). The calls start synchronously inside it.
 */
export function quietly<T>(start: () => T): T {
  quietDepth += 1;
  try {
    return start();
  } finally {
    quietDepth -= 1;
  }
}

/** Several calls can fail with A0230 at once; the user should see one toast and one redirect. */
let signingOut = false;

function onSignedOut(): void {
  clearSession();
  if (signingOut) return;
  signingOut = true;
  toastError(errorMessages.A0230);
  navigateTo('/home', { replace: true });
  setTimeout(() => (signingOut = false), 1000);
}

/**
 * The request layer (docs/rules.md#request-layer): one place that talks HTTP, counts the loading mask,
 * unwraps the envelope and turns failures into toasts.
 */
export async function request<T>(init: RequestInit, options: RequestOptions = {}): Promise<T> {
  const hasBody = init.body !== undefined;
  const multipart = typeof FormData !== 'undefined' && init.body instanceof FormData;
  const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS)];
  if (options.signal) signals.push(options.signal);

  const signal = anySignal(signals);
  const silent = options.silent || quietDepth > 0;
  if (!silent) loadingStore.start();
  try {
    let res: Response;
    try {
      res = await transport(buildUrl(init.path, init.query), {
        method: init.method,
        headers: headers(hasBody, multipart),
        body: multipart ? (init.body as FormData) : hasBody ? JSON.stringify(init.body) : undefined,
        signal,
      });
    } catch {
      // No response (offline, timed out, cancelled): rejected silently, nothing shown (docs/rules.md#request-layer).
      throw new ApiError('NETWORK', '网络连接失败', 0);
    }

    if (options.file && res.ok && res.headers.get('content-type') === options.file) return (await fileOf(res, options.file)) as T;

    let payload: unknown = null;
    try {
      payload = await res.json();
    } catch {
      // Cancelled while the body was arriving (a newer request replaced this one): not an HTTP failure.
      if (signal.aborted) throw new ApiError('NETWORK', '网络连接失败', 0);
      payload = null;
    }

    if (!isEnvelope(payload)) {
      const msg = `请求失败（HTTP ${res.status}）`;
      if (!options.quiet) toastError(msg);
      throw new ApiError('HTTP', msg, res.status);
    }
    if (payload.code === SUCCESS && res.ok) return payload.data as T;

    const code = payload.code as ErrorCode;
    const msg = payload.msg || errorMessages[code] || `请求失败（${code}）`;
    if (!options.quiet && !options.quietCodes?.includes(code)) {
      if (code === SIGNED_OUT) onSignedOut();
      else toastError(msg);
    }
    throw new ApiError(code, msg, res.status);
  } finally {
    if (!silent) loadingStore.end();
  }
}
