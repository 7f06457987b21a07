/** The contract's text and upload limits (docs/rules.md#text-limits), from its zod-free entry so the editor stays light. */
export { LIMITS } from '@shiju/contract/core';

/** Characters as the server counts them (code points, so an emoji is one). */
export function charCount(s: string): number {
  return [...s].length;
}
