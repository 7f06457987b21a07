/** The contract's text and upload limits (PRODUCT §6), from its zod-free entry so the editor stays light. */
export { LIMITS } from '@shiju/contract/core';

/** Characters as the server counts them (code points, so an emoji is one). */
export function charCount(s: string): number {
  return [...s].length;
}
