// Types for scripts/chromium.mjs, which TypeScript code (e2e setup, web bench) imports.
export const CHROMIUM: string;
export const CHROMIUM_ARGS: string[];
