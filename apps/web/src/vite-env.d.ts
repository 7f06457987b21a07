/// <reference types="vite/client" />

declare module 'virtual:shiju-calls' {
  import type { Auth, CallId, ErrorCode, Method } from '@shiju/contract';
  export interface CallRoute {
    method: Method;
    path: string;
    auth: Auth;
    silent: boolean;
  }
  export const routes: Record<CallId, CallRoute>;
  export const errorMessages: Record<ErrorCode, string>;
  export const fillPath: (path: string, params?: Record<string, unknown>) => string;
  /** The 21 routes of the seed with their titles. */
  export const pages: typeof import('@shiju/contract').PAGES;
  export const siteName: string;
  /** The reasons a reader picks from when reporting something. */
  export const reportReasons: typeof import('@shiju/contract').REPORT_REASONS;
}
