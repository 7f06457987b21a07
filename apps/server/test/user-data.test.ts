/**
 * Every column of the schema that holds a user's id is covered by the data export (PIPL: a copy of one's data) and
 * by account deletion (注销): this lists the schema's foreign keys to users and fails on one nobody has accounted
 * for. A new table with a user id adds its row here once export and deletion handle it (modules/export,
 * modules/people purgeAccount).
 */
import { describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema.js';

interface Coverage {
  /** What the person's copy holds of it, or why it is not theirs to take. */
  export: string;
  /** What account deletion does with it. */
  deletion: string;
}

const COVERED: Record<string, Coverage> = {
  'sessions.user_id': { export: 'not content: sign-in tokens', deletion: 'deleted (dropSessionsAndBlocks)' },
  'essays.author_id': { export: 'essays.json and essays/', deletion: 'removed or kept as 已注销用户’s (removeEssayInTx)' },
  'comments.user_id': { export: 'comments.json', deletion: 'removed or kept as 已注销用户’s (removeComment)' },
  'comments.reply_to_user_id': { export: 'another person’s comment', deletion: 'points at the anonymous row' },
  'likes.user_id': { export: 'likes.json', deletion: 'undone with the counters (toggleReaction)' },
  'collects.user_id': { export: 'collects.json', deletion: 'undone with the counters (toggleReaction)' },
  'collection_folders.user_id': { export: 'collections.json', deletion: 'deleted with their texts and followers (dropCollectionsOf)' },
  'collection_follows.user_id': { export: 'collections.json (following)', deletion: 'ended with the counters (dropCollectionsOf)' },
  'uninterested.user_id': { export: 'a feed setting, not content', deletion: 'deleted (wipePersonal)' },
  'comment_likes.user_id': { export: 'a reaction to another’s comment', deletion: 'kept, anonymous' },
  'follows.follower_id': { export: 'follows.json', deletion: 'ended with the counters (endFollow)' },
  'follows.followee_id': { export: 'follows.json', deletion: 'ended with the counters (endFollow)' },
  'email_codes.user_id': { export: 'not content: one-time codes', deletion: 'expire; the email is wiped (anonymize)' },
  'blocks.blocker_id': { export: 'blocks.json', deletion: 'deleted (dropSessionsAndBlocks)' },
  'blocks.blocked_id': { export: 'another person’s choice', deletion: 'deleted (dropSessionsAndBlocks)' },
  'mutes.user_id': { export: 'mutes.json', deletion: 'deleted (dropMutesOf in wipePersonal)' },
  'mutes.muted_user_id': { export: 'another person’s choice', deletion: 'deleted (dropMutesOf in wipePersonal)' },
  'review_settings.user_id': { export: 'review.json', deletion: 'deleted (dropReviewOf in wipePersonal)' },
  'review_cards.user_id': { export: 'review.json', deletion: 'deleted with their answers (dropReviewOf in wipePersonal)' },
  'review_days.user_id': { export: 'review.json', deletion: 'deleted (dropReviewOf in wipePersonal)' },
  'interests.user_id': { export: 'interests.json', deletion: 'deleted (wipePersonal)' },
  'announcement_reads.user_id': { export: 'read marks, not content', deletion: 'deleted (wipePersonal)' },
  'messages.user_id': { export: 'notifications to them, not content', deletion: 'deleted (wipePersonal)' },
  'messages.actor_id': { export: 'another person’s notification', deletion: 'points at the anonymous row' },
  'orders.user_id': { export: 'orders.json', deletion: 'kept for accounting, anonymous' },
  'activity.user_id': { export: 'not content: activity counts', deletion: 'deleted (wipePersonal)' },
  'audit_log.actor_id': { export: 'an editor’s work record', deletion: 'kept, anonymous' },
  'reports.reporter_id': { export: 'reports are the editors’ record', deletion: 'kept, anonymous' },
  'reports.resolved_by': { export: 'an editor’s work record', deletion: 'kept, anonymous' },
  'comment_reports.user_id': { export: 'reports are the editors’ record', deletion: 'deleted (wipePersonal)' },
  'notes.writer_id': { export: 'notes.json', deletion: 'unapproved deleted; approved kept as 已注销用户’s or deleted (forgetNotesOf)' },
  'notes.reviewer_id': { export: 'notes.json (noteRevisions)', deletion: 'cut (forgetNotesOf)' },
  'note_revisions.editor_id': { export: 'notes.json (noteRevisions)', deletion: 'cut (forgetNotesOf)' },
  'highlights.user_id': { export: 'highlights.json (with private 想法)', deletion: 'deleted (forgetHighlightsOf)' },
  'attribution_evidence.user_id': { export: 'evidence.json', deletion: 'kept, credited to 已注销用户 (public record of a source)' },
  'attribution_confirmations.user_id': { export: 'an advisory mark on another’s evidence', deletion: 'kept, anonymous' },
  'disputed_lines.created_by': { export: 'an editor’s work record', deletion: 'kept, anonymous' },
  'challenges.created_by': { export: 'an editor’s work record', deletion: 'kept, anonymous' },
  'highlight_passage_readers.user_id': {
    export: 'a counter of highlights.json, not content',
    deletion: 'taken off the 热门划线 counters, then deleted (forgetHighlightsOf)',
  },
};

/** `table.column` of every foreign key to users.id in the schema. */
function userForeignKeys(): string[] {
  const out: string[] = [];
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (getTableConfig(ref.foreignTable).name !== 'users') continue;
      // Columns are named in camelCase in the schema and snake_case in the database (the client's casing).
      for (const c of ref.columns) out.push(`${config.name}.${c.name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}`);
    }
  }
  return out.sort();
}

describe('user data coverage', () => {
  it('accounts for every column that holds a user id in the export and in account deletion', () => {
    const keys = userForeignKeys();
    expect(keys).toContain('notes.writer_id');
    const missing = keys.filter((k) => !COVERED[k]);
    expect(missing, `not covered by the data export and account deletion: ${missing.join(', ')}`).toEqual([]);
  });
});
