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
}
