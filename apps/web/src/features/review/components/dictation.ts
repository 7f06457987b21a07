/**
 * 默写: which characters of a line are blanked, and how what the reader typed is checked. Only Chinese characters
 * are blanked (punctuation stays as a guide), about one in three, the same ones each time for a card; the answer is
 * read as the blanked characters in order, punctuation and spaces ignored, Traditional already turned Simplified by
 * the caller.
 */
const HAN = /\p{Script=Han}/u;

/** The indexes (code points) of the blanked characters of `text` for card `seed`: at least one. */
export function blankedIndexes(text: string, seed: number): number[] {
  const chars = [...text];
  const han = chars.flatMap((ch, i) => (HAN.test(ch) ? [i] : []));
  if (!han.length) return [];
  const picked = han.filter((_, k) => (k + seed) % 3 === 0);
  return picked.length ? picked : [han[0]!];
}

export interface DictationResult {
  /** Per blank, in order: what was expected, what was typed (or ''), and whether they match. */
  blanks: { expected: string; typed: string; ok: boolean }[];
  correct: number;
}

/** Compares the typed characters (Chinese characters only, in order) with the blanks. */
export function checkDictation(text: string, blanks: readonly number[], typed: string): DictationResult {
  const chars = [...text];
  const got = [...typed].filter((ch) => HAN.test(ch));
  const out = blanks.map((i, k) => {
    const expected = chars[i]!;
    const t = got[k] ?? '';
    return { expected, typed: t, ok: t === expected };
  });
  return { blanks: out, correct: out.filter((b) => b.ok).length };
}
