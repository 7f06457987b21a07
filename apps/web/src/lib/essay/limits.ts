import type { LIMITS as CONTRACT_LIMITS } from '@shiju/contract';

/**
 * The contract's text and upload limits (PRODUCT §6), mirrored as plain numbers: importing the value from the
 * contract would pull every zod schema into the browser bundle. `satisfies` makes a drift a compile error.
 */
export const LIMITS = {
  sentenceChars: 300,
  essayTitleChars: 50,
  essayContentChars: 20000,
  sourceChars: 100,
  commentChars: 500,
  uploadBytes: 5 * 1024 * 1024,
} as const satisfies typeof CONTRACT_LIMITS;

/** Characters as the server counts them (code points, so an emoji is one). */
export function charCount(s: string): number {
  return [...s].length;
}
