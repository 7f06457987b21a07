import type { ErrorCode } from '@shiju/contract';

/** `NETWORK`: no response at all (offline, timeout, aborted). `HTTP`: a response without our envelope. */
export type FailureCode = ErrorCode | 'NETWORK' | 'HTTP';

/** Every failed call rejects with this; `code` lets pages show their own state (e.g. 不存在 for A0404). */
export class ApiError extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown, code?: FailureCode): e is ApiError {
  return e instanceof ApiError && (code === undefined || e.code === code);
}
