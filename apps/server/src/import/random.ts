/**
 * Deterministic pseudo-randomness: the same text always gets the same counters and publication
 * offset, whichever run or order imports it.
 */
import { fnv1a } from '../lib/signature.js';

/** A generator of numbers in [0, 1) seeded by a string (mulberry32). */
export function seededRandom(seed: string): () => number {
  let state = fnv1a(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
