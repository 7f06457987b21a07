// Types for the parts of scripts/lib.mjs that TypeScript code (tests, bench) imports.
export const root: string;
export const serverDist: string;
export function buildServer(): Promise<void>;
export function ensureServerBuilt(): Promise<void>;
export function ensureWebBuilt(): void;
