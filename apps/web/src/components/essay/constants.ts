/** Seed §9: the watermark over a text on its details page (text `拾句 · <author nickname>`). */
export const WATERMARK = { rotate: -22, gap: [100, 100] as [number, number], zIndex: 9 } as const;
/** Seed §9: anchor navigation on long essays. */
export const ANCHOR = { bounds: 15, durationMs: 300 } as const;
/** Headings a text needs before it gets an outline. */
export const ANCHOR_MIN_HEADINGS = 2;

export const watermarkText = (nickname: string) => `拾句 · ${nickname}`;
