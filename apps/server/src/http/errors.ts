import { ERRORS, type ErrorCode } from '@shiju/contract';

/** The one error type services throw; `http/envelope.ts` turns it into the response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly userMsg: string;

  constructor(code: Exclude<ErrorCode, '00000'>, detail?: string) {
    const base = ERRORS[code].msg;
    const userMsg = detail ? `${base}：${detail}` : base;
    super(userMsg);
    this.code = code;
    this.status = ERRORS[code].status;
    this.userMsg = userMsg;
  }
}

export const invalid = (detail: string) => new AppError('A0400', detail);
export const notFound = (what?: string) => new AppError('A0404', what);
export const forbidden = () => new AppError('A0301');
export const unauthenticated = () => new AppError('A0230');
