// The Chromium that the end-to-end journeys and the web bench start, and how they start it. No side effects:
// both apps/web/e2e/global-setup.ts and apps/server/bench/web.ts import it.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Nothing in the background that would add requests or work. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
