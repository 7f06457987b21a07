/**
 * `@shiju/contract/notes`: the zod-free rules of notes (注释 · 译文 · 赏析 · 评 · 异文) that server and browser share.
 */

export const NOTE_KINDS = ['gloss', 'translation', 'appreciation', 'remark', 'variant'] as const;
export type NoteKindId = (typeof NOTE_KINDS)[number];

export const NOTE_KIND_NAMES: Record<NoteKindId, string> = {
  gloss: '注释',
  translation: '译文',
  appreciation: '赏析',
  remark: '评',
  variant: '异文',
};

/** Characters a note may hold, by kind (counted as code points, markup not counted). */
export const NOTE_MAX_CHARS: Record<NoteKindId, number> = {
  gloss: 200,
  translation: 2000,
  appreciation: 5000,
  remark: 5000,
  variant: 200,
};

export const NOTE_LIMITS = {
  /** The longest body a call may carry before it is read (markup included). */
  bodyChars: 12000,
  quoteChars: 5000,
  /** Proposals an account may make a day. */
  proposalsPerDay: 20,
} as const;

/** Kinds that must point at a passage (the others may also cover the whole text). */
export const ANCHORED_KINDS: readonly NoteKindId[] = ['gloss', 'variant'];
