/** docs/rules.md#front-end-constants: anchor navigation on long essays. */
export const ANCHOR = { bounds: 15, durationMs: 300 } as const;
/** Headings a text needs before it gets an outline. */
export const ANCHOR_MIN_HEADINGS = 2;
