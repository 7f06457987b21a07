/**
 * The whole data model (docs/rules.md#entities).
 * Counters live on their rows and are changed in SQL (`x = x + 1`), never read-modify-write.
 */
import { IMITATION_KEY_STEP, type AttributionStatus, type Citation, type ReadingPrefs, type ThemeLayout } from '@shiju/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { popularitySql } from '../lib/engagement.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: varchar({ length: 20 }).notNull(),
    nickname: varchar({ length: 20 }).notNull(),
    avatar: text(),
    bio: varchar({ length: 200 }).notNull().default(''),
    role: varchar({ length: 10 }).notNull().default('user').$type<'user' | 'admin'>(),
    /** `deleted`: 注销 done — the row stays, anonymous (已注销用户), for the texts and comments the person left. */
    status: varchar({ length: 10 }).notNull().default('active').$type<'active' | 'banned' | 'deleted'>(),
    banReason: varchar({ length: 200 }),
    /** End of a ban; null while banned = indefinitely. */
    bannedUntil: at(),
    passwordHash: text(),
    wechatOpenid: varchar({ length: 64 }),
    memberUntil: at(),
    likesPublic: boolean().notNull().default(true),
    collectsPublic: boolean().notNull().default(true),
    /** The version of 用户协议 and 隐私政策 the user last accepted (null: never, e.g. a WeChat sign-up), and when. */
    agreementVersion: varchar({ length: 20 }),
    agreementAcceptedAt: at(),
    /** 注销 asked: the account's personal data goes at this time (15 days after asking) unless cancelled. */
    deletionDueAt: at(),
    /** When deleting: keep the texts and comments as 已注销用户's (true) or remove them with the account. */
    deletionKeepContent: boolean().notNull().default(true),
    /** A bound email (set only once its code was confirmed); for password recovery. */
    email: varchar({ length: 254 }),
    /** Reading preferences (dark mode, type size, 繁體, 拼音, 竖排); null until first saved. Written by the users module. */
    readingPrefs: jsonb().$type<ReadingPrefs>(),
    essayCount: integer().notNull().default(0),
    followingCount: integer().notNull().default(0),
    followerCount: integer().notNull().default(0),
    likesReceived: integer().notNull().default(0),
    /** 注释编辑: an admin granted this reader the review of notes (audit-logged); the role stays `user`. */
    noteEditor: boolean().notNull().default(false),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_wechat_openid_uq').on(t.wechatOpenid),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull(),
    createdAt: now(),
    lastUsedAt: now(),
    expiresAt: at().notNull(),
    revokedAt: at(),
    userAgent: varchar({ length: 300 }),
    ip: varchar({ length: 64 }),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed logins, per username and IP, for throttling (A0211). */
/**
 * Fixed-window counters for limits that must hold under concurrency and across processes (login throttles,
 * comment bursts): one row per key, incremented and checked in a single statement (`lib/limits.ts`).
 */
export const rateCounters = pgTable('rate_counters', {
  key: varchar({ length: 200 }).primaryKey(),
  count: integer().notNull().default(0),
  windowStart: now(),
});

/** Each scheduled job's last successful run: a start skips a job that ran within its interval (jobs/scheduler.ts). */
export const jobRuns = pgTable('job_runs', {
  name: varchar({ length: 60 }).primaryKey(),
  lastRunAt: at().notNull(),
});

/** The open sentence API's memory per reader on our own pages: the ids drawn lately, newest first (≤ 200). */
export const sentenceDraws = pgTable('sentence_draws', {
  viewer: varchar({ length: 80 }).primaryKey(),
  recent: integer().array().notNull(),
  updatedAt: now(),
});

/** How often each (normalised) query found something: 热门搜索. Aggregated counts only, nobody's history. */
export const searchCounts = pgTable(
  'search_counts',
  {
    query: varchar({ length: 50 }).primaryKey(),
    count: integer().notNull().default(0),
    updatedAt: now(),
  },
  (t) => [index('search_counts_count_idx').on(t.count.desc().nullsFirst())],
);

/**
 * The cited authors (李白, 陆游…) with their era and how many published texts cite them: the author card, the
 * suggestions and the author page read it instead of grouping the corpus. Kept by triggers on essays (migration
 * 0012): whatever inserts, publishes, withdraws, hides, deletes or re-attributes a text moves its author's count.
 * An author whose count falls to 0 keeps the row (and era) until texts cite them again.
 */
export const authors = pgTable('authors', {
  name: varchar({ length: 40 }).primaryKey(),
  /** The era of the first text that named one; a text quoting a known author without an era takes it. */
  dynasty: varchar({ length: 10 }),
  works: integer().notNull().default(0),
});

/**
 * An author as a person: a name in an era (李白 · 唐; 王建 of 唐 and of 宋 are two), with what the corpus's author
 * records say (life years where parsed, biography) and how many published texts cite them. The counts are kept by
 * the same triggers as `authors` (decision 0020): per (work_author, dynasty), an era-less citation under dynasty ''.
 */
export const authorProfiles = pgTable(
  'author_profiles',
  {
    name: varchar({ length: 40 }).notNull(),
    /** The era as texts give it (唐, 五代, 宋…); '' for texts that name no era. */
    dynasty: varchar({ length: 10 }).notNull().default(''),
    /** Years of birth and death where the record states them (negative: BCE); null when not parsed. */
    born: integer(),
    died: integer(),
    /** The record's biography in Simplified characters ('' when it has none). */
    bio: text().notNull().default(''),
    works: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.name, t.dynasty] }),
    // A dynasty's authors by how much of theirs is published.
    index('author_profiles_dynasty_idx').on(t.dynasty, t.works.desc().nullsFirst(), t.name),
  ],
);

export const classifications = pgTable('classifications', {
  id: serial().primaryKey(),
  name: varchar({ length: 30 }).notNull(),
  description: varchar({ length: 300 }).notNull().default(''),
  cover: text(),
  sort: integer().notNull().default(0),
  status: varchar({ length: 10 }).notNull().default('active').$type<'active' | 'hidden'>(),
  essayCount: integer().notNull().default(0),
  createdAt: now(),
});

export const tags = pgTable(
  'tags',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 30 }).notNull(),
    parentId: integer().references((): any => tags.id, { onDelete: 'cascade' }),
    letter: varchar({ length: 1 }).notNull().default('#'),
    sort: integer().notNull().default(0),
    essayCount: integer().notNull().default(0),
    createdAt: now(),
  },
  (t) => [index('tags_parent_idx').on(t.parentId), uniqueIndex('tags_name_parent_uq').on(t.name, sql`coalesce(${t.parentId}, 0)`)],
);

export const classificationTagRel = pgTable(
  'classification_tag_rel',
  {
    classificationId: integer()
      .notNull()
      .references(() => classifications.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.classificationId, t.tagId] }), index('ctr_tag_idx').on(t.tagId)],
);

export type EssayStatusDb = 'draft' | 'pending' | 'published' | 'rejected' | 'hidden' | 'deleted';

/** Stored with fillfactor 75 (migration 0035, which drizzle does not model): room for HOT updates of the counters. */
export const essays = pgTable(
  'essays',
  {
    id: serial().primaryKey(),
    type: varchar({ length: 10 }).notNull().$type<'sentence' | 'essay'>(),
    title: varchar({ length: 100 }),
    content: text().notNull(),
    summary: varchar({ length: 300 }).notNull().default(''),
    cover: text(),
    source: varchar({ length: 100 }),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    classificationId: integer().references(() => classifications.id, { onDelete: 'set null' }),
    imitateOf: integer().references((): any => essays.id, { onDelete: 'set null' }),
    /** Merged by an editor into this text (a duplicate): its address redirects there (modules/essays/merge.ts). */
    mergedInto: integer().references((): any => essays.id, { onDelete: 'set null' }),
    status: varchar({ length: 10 }).notNull().default('draft').$type<EssayStatusDb>(),
    /** Why an editor rejected or hid it, told to the author. */
    statusReason: varchar({ length: 200 }),
    /** Hidden because its author is banned (not by an editor): unbanning brings exactly these back. */
    hiddenByBan: boolean().notNull().default(false),
    views: integer().notNull().default(0),
    likes: integer().notNull().default(0),
    collects: integer().notNull().default(0),
    comments: integer().notNull().default(0),
    imitations: integer().notNull().default(0),
    /** The sum of the weights of its likes (likes.weight; imported likes count 1 each): what the ranked score reads. */
    likeWeight: doublePrecision().notNull().default(0),
    /**
     * Ranked score (docs/decisions/0016: the confidence bound of weighted likes over viewers, negative below the
     * minimum), set on each write that moves it; 最热 order, 总榜, and with imitations /imitative's.
     */
    hotScore: doublePrecision().notNull().default(0),
    /** Stable key for the importer's idempotence (e.g. `tang300:123`). */
    importKey: varchar({ length: 120 }),
    /**
     * Digest of the displayed fields as the importer last wrote them (import/texts.ts importDigest): a later import
     * rewrites the text while its fields still match, and leaves it (reported) once an editor changed them.
     */
    importHash: varchar({ length: 64 }),
    /**
     * Editors' notes the importer kept out of the displayed text (通假, 一作, X本作), unparsed, as the data wrote them,
     * with where they stood: the paragraph (null: the title) and the characters before them there.
     */
    sourceNotes: jsonb().$type<{ note: string; paragraph: number | null; at: number }[]>(),
    /** The cited work's author, era and title (李白 · 唐 · 静夜思), from the importer or parsed from `source`. */
    workAuthor: varchar({ length: 40 }),
    dynasty: varchar({ length: 10 }),
    workTitle: varchar({ length: 100 }),
    /** Where an imported text stands in its book (出处): 诗经·国风·周南, 论语·学而篇, 古文观止·卷一. */
    provenance: varchar({ length: 60 }),
    /** The writer's structured 出处 (work, chapter, edition, page, http(s) URL); null when none was given. */
    citation: jsonb().$type<Citation>(),
    /** Whether editors checked the attribution (modules/attributions): unverified until one resolves it. */
    attributionStatus: varchar({ length: 10 }).notNull().default('unverified').$type<AttributionStatus>(),
    /** The editor's word on the attribution, shown with the badge. */
    attributionNote: varchar({ length: 200 }),
    /** An imported text's title and body as the corpus has them (Traditional), before conversion; null otherwise. */
    originalTitle: text(),
    originalContent: text(),
    /**
     * The corpus's stored 平仄 for a classical poem (its strains/ marks, joined by author, title and first line): one
     * letter per Han character of the body in order, `p` 平, `z` 仄, `u` unknown in the data. Null when the corpus
     * stores none; a text whose Han characters no longer number as many falls back to the tone engine.
     */
    tones: text(),
    /**
     * The writer's own words (原创) rather than a quote (摘录): an original credits its poster as the author and
     * carries the watermark (contract credit.ts). Imported texts are quotes; the migration took texts posted without
     * any author, work or source line as originals.
     */
    original: boolean().notNull().default(false),
    searchVector: tsvector(),
    /** Which lib/search.ts SEARCH_VERSION wrote searchVector; older rows are rewritten by `import --reindex`. */
    searchVersion: integer().notNull().default(0),
    createdAt: now(),
    updatedAt: now(),
    publishedAt: at(),
  },
  (t) => [
    index('essays_published_idx').on(t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_class_published_idx').on(t.classificationId, t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_class_hot_idx').on(t.classificationId, t.status, t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_class_likes_idx').on(t.classificationId, t.status, t.likes.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_hot_idx').on(t.status, t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_likes_idx').on(t.status, t.likes.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_author_idx').on(t.authorId, t.status, t.createdAt.desc().nullsFirst()),
    // The following feed: each followed person's newest published texts, merged (people/queries.ts).
    index('essays_author_published_idx').on(t.authorId, t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_imitate_idx').on(t.imitateOf),
    // The family tree of imitations has no cycle by construction: a text imitates only an older one (a smaller id),
    // so no chain of imitations can come back to where it started, whatever writes the column.
    check('essays_imitates_older_ck', sql`${t.imitateOf} is null or ${t.imitateOf} < ${t.id}`),
    // 美文 are about 1% of the corpus: a type filter walks its own indexes instead of passing over the sentences.
    index('essays_type_published_idx').on(t.type, t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_type_hot_idx').on(t.type, t.status, t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('essays_type_likes_idx').on(t.type, t.status, t.likes.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // /imitative (sentences by imitations, then ranked score): lib/engagement.ts imitationKeySql, the same expression.
    index('essays_type_imitation_idx').on(
      t.type,
      t.status,
      sql`(${t.imitations} * ${sql.raw(String(IMITATION_KEY_STEP))} + ${t.hotScore}) desc nulls first`,
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('essays_import_key_uq').on(t.importKey),
    index('essays_search_idx').using('gin', t.searchVector),
    // Title and author tokens alone (weights A, B): a title or author match reads only the texts that have it.
    index('essays_fields_search_idx').using('gin', sql`ts_filter(${t.searchVector}, '{a,b}')`),
    // An author's page: their published texts by popularity (engagement without views: lib/engagement.ts
    // popularitySql, so a view count touches no index), read in index order: no sort of 9,000 rows for 陆游.
    index('essays_work_author_idx').on(t.workAuthor, t.status, sql`${popularitySql(t)} desc nulls first`, t.id.desc().nullsFirst()),
  ],
);

/**
 * Which tags a text has, with copies of its list sort keys while it is published (null otherwise), so a tag's list
 * walks one index in its order instead of probing every text of the corpus. The copies are kept by two triggers
 * (migration 0002): whatever writes a text's status, publish time, hot score or likes, they follow.
 */
export const essayTags = pgTable(
  'essay_tags',
  {
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    publishedAt: at(),
    hotScore: doublePrecision(),
    likes: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.essayId, t.tagId] }),
    index('essay_tags_tag_idx').on(t.tagId, t.essayId),
    index('essay_tags_new_idx').on(t.tagId, t.publishedAt.desc().nullsFirst(), t.essayId.desc().nullsFirst()),
    index('essay_tags_hot_idx').on(t.tagId, t.hotScore.desc().nullsFirst(), t.essayId.desc().nullsFirst()),
    index('essay_tags_likes_idx').on(t.tagId, t.likes.desc().nullsFirst(), t.essayId.desc().nullsFirst()),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial().primaryKey(),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rootId: integer().references((): any => comments.id, { onDelete: 'cascade' }),
    replyToUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    content: varchar({ length: 500 }).notNull(),
    likes: integer().notNull().default(0),
    replyCount: integer().notNull().default(0),
    /** `banned`: hidden while its author is banned; unbanning makes it visible again. */
    status: varchar({ length: 10 }).notNull().default('visible').$type<'visible' | 'deleted' | 'reported' | 'banned'>(),
    createdAt: now(),
  },
  (t) => [
    index('comments_essay_idx').on(t.essayId, t.rootId, t.createdAt.desc().nullsFirst()),
    index('comments_root_idx').on(t.rootId, t.createdAt.desc().nullsFirst()),
  ],
);

const userEssayPair = (name: string) =>
  pgTable(
    name,
    {
      userId: integer()
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      essayId: integer()
        .notNull()
        .references(() => essays.id, { onDelete: 'cascade' }),
      createdAt: now(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.essayId] }), index(`${name}_essay_idx`).on(t.essayId)],
  );

/**
 * 喜欢: one per person and text. `weight` is the liker's account age at the moment of the like (the contract's
 * likeWeightOf), fixed then: no job rewrites it. Likes from before weights existed count as established (1).
 */
export const likes = pgTable(
  'likes',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    createdAt: now(),
    weight: doublePrecision().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.essayId] }), index('likes_essay_idx').on(t.essayId)],
);
export const collects = userEssayPair('collects');
export const uninterested = userEssayPair('uninterested');

/**
 * 收藏夹: a reader's named lists of texts (at most 200, one of them the default that 收藏 without a choice fills).
 * `collects` stays the set of (reader, text) pairs with the text in at least one of the reader's folders, so
 * essays.collects counts distinct readers. Editors can hide a folder (hiddenAt): others then no longer see it.
 */
export const collectionFolders = pgTable(
  'collection_folders',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 20 }).notNull(),
    description: varchar({ length: 200 }).notNull().default(''),
    cover: varchar({ length: 500 }),
    isPublic: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    /** The owner's order of their folders, ascending. */
    position: integer().notNull().default(0),
    itemCount: integer().notNull().default(0),
    followerCount: integer().notNull().default(0),
    hiddenAt: at(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    index('collection_folders_user_idx').on(t.userId, t.position),
    uniqueIndex('collection_folders_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** A text in a 收藏夹; `position` orders the folder ascending (new entries go first). */
export const collectionItems = pgTable(
  'collection_items',
  {
    folderId: integer()
      .notNull()
      .references(() => collectionFolders.id, { onDelete: 'cascade' }),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    position: doublePrecision().notNull().default(0),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.folderId, t.essayId] }),
    index('collection_items_folder_idx').on(t.folderId, t.position),
    index('collection_items_essay_idx').on(t.essayId),
    index('collection_items_created_idx').on(t.folderId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * 屏蔽 (muting): what a reader no longer wants in their feeds, rankings, 随机一句 and search suggestions — a tag (with
 * its second-level tags), a classification, a 作者 (a text's workAuthor) or a poster. Exactly one target column is
 * set, as `kind` says; each has a unique index with the reader first, which is also the key probed per text.
 */
export const mutes = pgTable(
  'mutes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 16 }).notNull().$type<'tag' | 'classification' | 'author' | 'user'>(),
    tagId: integer().references(() => tags.id, { onDelete: 'cascade' }),
    classificationId: integer().references(() => classifications.id, { onDelete: 'cascade' }),
    mutedUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    authorName: varchar({ length: 40 }),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('mutes_tag_uq').on(t.userId, t.tagId),
    uniqueIndex('mutes_classification_uq').on(t.userId, t.classificationId),
    uniqueIndex('mutes_user_uq').on(t.userId, t.mutedUserId),
    uniqueIndex('mutes_author_uq').on(t.userId, t.authorName),
    index('mutes_list_idx').on(t.userId, t.createdAt),
  ],
);

/** 每日回顾: whether the reader opted in, and how many cards a day. */
export const reviewSettings = pgTable('review_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  dailyCards: integer().notNull().default(5),
  updatedAt: now(),
});

/**
 * A line a reader reviews, from one source (a collected sentence, later a highlight), with its ts-fsrs state as
 * of its last answer. Deleting the text deletes its cards.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: varchar({ length: 16 }).notNull().$type<'collect' | 'highlight'>(),
    /** The source's own id: the essay id for a collected text, the highlight's id for a highlight. */
    sourceId: integer().notNull(),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    due: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    stability: doublePrecision().notNull().default(0),
    difficulty: doublePrecision().notNull().default(0),
    elapsedDays: integer().notNull().default(0),
    scheduledDays: integer().notNull().default(0),
    learningSteps: integer().notNull().default(0),
    reps: integer().notNull().default(0),
    lapses: integer().notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer().notNull().default(0),
    lastReview: at(),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('review_cards_source_uq').on(t.userId, t.source, t.sourceId),
    index('review_cards_due_idx').on(t.userId, t.due),
    index('review_cards_essay_idx').on(t.essayId),
  ],
);

/** One answer per card per Shanghai day: the last by answer time wins (offline answers arrive late). */
export const reviewAnswers = pgTable(
  'review_answers',
  {
    cardId: integer()
      .notNull()
      .references(() => reviewCards.id, { onDelete: 'cascade' }),
    day: varchar({ length: 10 }).notNull(),
    rating: varchar({ length: 8 }).notNull().$type<'again' | 'hard' | 'good'>(),
    mode: varchar({ length: 12 }).notNull().default('recall').$type<'recall' | 'dictation'>(),
    answeredAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.day] })],
);

/**
 * A reader's review of one Shanghai day: the cards chosen for it (fixed once chosen, so a page cached offline and
 * the server agree) and how many were answered (the streak and the heat map; kept when a card goes).
 */
export const reviewDays = pgTable(
  'review_days',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: varchar({ length: 10 }).notNull(),
    cardIds: jsonb().$type<number[]>().notNull(),
    answered: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Following a public 收藏夹: its additions reach the 收藏夹更新 list; `notifiedOn` keeps the system message to one a day. */
export const collectionFollows = pgTable(
  'collection_follows',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: integer()
      .notNull()
      .references(() => collectionFolders.id, { onDelete: 'cascade' }),
    notifiedOn: varchar({ length: 10 }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.folderId] }), index('collection_follows_folder_idx').on(t.folderId)],
);

/** 赞 on a comment: one per person and comment; comments.likes counts them exactly. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export const follows = pgTable(
  'follows',
  {
    followerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Six-digit codes sent by mail: binding an email (`bind`) or resetting a forgotten password (`reset`). Stored
 * as a hash; valid 10 minutes and five tries; a new code retires the previous one.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar({ length: 10 }).notNull().$type<'bind' | 'reset'>(),
    email: varchar({ length: 254 }).notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: now(),
  },
  (t) => [index('email_codes_user_idx').on(t.userId, t.purpose, t.createdAt.desc().nullsFirst())],
);

/** 拉黑: the blocker no longer sees the blocked user's texts and comments; the blocked user cannot follow, comment or notify. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

export const interests = pgTable(
  'interests',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] })],
);

/** Views: one per viewer (user id or visitor key) per hour. */
export const essayViews = pgTable(
  'essay_views',
  {
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    viewerKey: varchar({ length: 80 }).notNull(),
    hour: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.essayId, t.viewerKey, t.hour] })],
);

/**
 * An imported text's engagement of its last weeks, dated (import/engagement.ts): an import brings counters but no
 * single likes or views, and rankings count what happened inside their period. Sums to at most the text's counters.
 */
export const importedEngagement = pgTable(
  'imported_engagement',
  {
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    views: integer().notNull().default(0),
    likes: integer().notNull().default(0),
    collects: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.essayId, t.at] }), index('imported_engagement_at_idx').on(t.at)],
);

export const announcements = pgTable('announcements', {
  id: serial().primaryKey(),
  title: varchar({ length: 100 }).notNull(),
  content: text().notNull(),
  pinned: boolean().notNull().default(false),
  publishedAt: now(),
  createdAt: now(),
});

export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: integer()
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

export const messages = pgTable(
  'messages',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar({ length: 10 }).notNull().$type<'like' | 'collect' | 'comment' | 'reply' | 'follow' | 'imitate' | 'system'>(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    essayId: integer().references(() => essays.id, { onDelete: 'cascade' }),
    commentId: integer().references(() => comments.id, { onDelete: 'cascade' }),
    content: varchar({ length: 500 }).notNull().default(''),
    readAt: at(),
    createdAt: now(),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.type, t.createdAt.desc().nullsFirst()),
    index('messages_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

export const ads = pgTable(
  'ads',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 100 }).notNull(),
    image: text().notNull(),
    link: text().notNull(),
    position: integer().notNull(),
    weight: integer().notNull().default(0),
    frequency: integer().notNull().default(0),
    startAt: at(),
    endAt: at(),
    clicks: integer().notNull().default(0),
    impressions: integer().notNull().default(0),
    status: varchar({ length: 10 }).notNull().default('active').$type<'active' | 'paused'>(),
    createdAt: now(),
  },
  (t) => [index('ads_position_idx').on(t.position, t.weight.desc().nullsFirst())],
);

/** Last showing of an ad to a viewer, for the frequency rule. */
export const adImpressions = pgTable(
  'ad_impressions',
  {
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    viewerKey: varchar({ length: 80 }).notNull(),
    lastShownAt: now(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.viewerKey] })],
);

export const themes = pgTable('themes', {
  type: integer().primaryKey(),
  layout: jsonb().notNull().$type<ThemeLayout>(),
  updatedAt: now(),
});

export const products = pgTable('products', {
  id: serial().primaryKey(),
  name: varchar({ length: 30 }).notNull(),
  description: varchar({ length: 200 }).notNull().default(''),
  priceFen: integer().notNull(),
  days: integer().notNull(),
  sort: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    orderNo: varchar({ length: 32 }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    amount: integer().notNull(),
    /**
     * pending → paid | closed | cancelled | exception; paid | exception → refunding → refunded. `exception`: a
     * verified payment that could not be applied (wrong amount); an editor refunds it or settles it by hand.
     */
    status: varchar({ length: 10 })
      .notNull()
      .default('pending')
      .$type<'pending' | 'paid' | 'cancelled' | 'refunded' | 'closed' | 'exception' | 'refunding'>(),
    /** manual | wechat | alipay: the way the buyer chose last (the one whose upstream order is open). */
    provider: varchar({ length: 20 }).notNull().default('manual'),
    createdAt: now(),
    paidAt: at(),
    closedAt: at(),
    /** A pending order closes by itself after this (30 minutes, or the manual transfer window). */
    payBefore: at(),
    /** The WeChat code_url or Alipay qr_code of the open upstream order, reused while it is open. */
    payUrl: text(),
    /** The provider's transaction id (transaction_id / trade_no) of the payment applied. */
    tradeNo: varchar({ length: 64 }),
    /** What the provider says was paid, in fen (differs from `amount` on an exception). */
    paidAmount: integer(),
    /** Membership days this order added (0 until paid; what a refund takes back). */
    grantedDays: integer().notNull().default(0),
    /** Why the order is an exception, or the last refund failure. */
    issue: varchar({ length: 200 }),
    refundNo: varchar({ length: 64 }),
    refundAmount: integer(),
    refundedAt: at(),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    index('orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('orders_pending_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Every provider notification as received (headers and raw body), verified or not, with what was done about
 * it; also the answers of active queries that changed an order. The editor reads them in the console.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial().primaryKey(),
    provider: varchar({ length: 10 }).notNull().$type<'wechat' | 'alipay' | 'manual'>(),
    /** payment | refund (a notification), query (an active query's answer that changed the order) */
    kind: varchar({ length: 10 }).notNull().$type<'payment' | 'refund' | 'query'>(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    orderNo: varchar({ length: 64 }),
    verified: boolean().notNull().default(false),
    /** applied | duplicate | exception | refused | ignored | refunded */
    outcome: varchar({ length: 12 }).notNull(),
    reason: varchar({ length: 300 }),
    headers: jsonb().$type<Record<string, string>>(),
    body: text().notNull(),
    /** The verified (for WeChat: decrypted) content. */
    content: jsonb(),
    createdAt: now(),
  },
  (t) => [
    index('payment_notifications_order_idx').on(t.orderId, t.createdAt),
    index('payment_notifications_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/** One row per day per viewer (user id, or an anonymous visitor key). */
export const activity = pgTable(
  'activity',
  {
    day: date({ mode: 'string' }).notNull(),
    viewerKey: varchar({ length: 80 }).notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.day, t.viewerKey] })],
);

export const bestWeekEntries = pgTable(
  'best_week_entries',
  {
    week: varchar({ length: 8 }).notNull(),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    rank: integer().notNull(),
    pinned: boolean().notNull().default(false),
    note: varchar({ length: 200 }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.week, t.essayId] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: varchar({ length: 60 }).notNull(),
    target: varchar({ length: 120 }),
    targetType: varchar({ length: 30 }),
    targetId: varchar({ length: 40 }),
    /** JSON summary of what changed. */
    detail: jsonb(),
    ip: varchar({ length: 64 }),
    createdAt: now(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst()), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/** 举报 (docs/rules.md#entities): one open report per reporter per target. */
export const reports = pgTable(
  'reports',
  {
    id: serial().primaryKey(),
    reporterId: integer().references(() => users.id, { onDelete: 'set null' }),
    targetType: varchar({ length: 10 }).notNull().$type<'essay' | 'comment' | 'user' | 'note' | 'collection' | 'thought' | 'evidence'>(),
    targetId: integer().notNull(),
    reason: varchar({ length: 30 }).notNull(),
    detail: varchar({ length: 500 }).notNull().default(''),
    status: varchar({ length: 10 }).notNull().default('open').$type<'open' | 'resolved' | 'dismissed'>(),
    resolvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    resolution: varchar({ length: 200 }),
    resolvedAt: at(),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('reports_open_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId, t.status),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

/** Reported comments for the moderation queue. */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar({ length: 200 }).notNull().default(''),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/**
 * Rankings (日榜/周榜/月榜/总榜) precomputed by a job: the same for every reader, so a request reads a page of
 * this small table instead of aggregating a period's engagement. Each period keeps its top texts overall, per
 * classification, per type and per both, so every filter of the leaderboard has its own full list.
 */
export const rankingEntries = pgTable(
  'ranking_entries',
  {
    period: varchar({ length: 5 }).notNull().$type<'day' | 'week' | 'month' | 'all'>(),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    type: varchar({ length: 10 }).notNull().$type<'sentence' | 'essay'>(),
    classificationId: integer(),
    engagement: doublePrecision().notNull(),
    score: doublePrecision().notNull(),
    /** People who liked it in the period, and its viewers there: what the page says of why it is listed. */
    likers: integer().notNull().default(0),
    viewers: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.essayId] }),
    index('ranking_entries_order_idx').on(t.period, t.score.desc().nullsFirst(), t.essayId.desc().nullsFirst()),
    index('ranking_entries_class_idx').on(t.period, t.classificationId, t.score.desc().nullsFirst(), t.essayId.desc().nullsFirst()),
  ],
);

/**
 * 注释 · 译文 · 赏析 · 评 · 异文 on a text (modules/notes). Anchored by code-point offsets into the text's plain
 * form plus the quoted characters (contract anchors.ts); null offsets: the whole text, or a corpus note whose quote
 * was not found. `anchorLost`: the text changed and the quote is gone.
 */
export const notes = pgTable(
  'notes',
  {
    id: serial().primaryKey(),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 12 }).notNull().$type<'gloss' | 'translation' | 'appreciation' | 'remark' | 'variant'>(),
    start: integer(),
    end: integer(),
    quote: text(),
    anchorLost: boolean().notNull().default(false),
    /** 评: the commentator named (张竹坡); 注释: a label such as 通假. */
    commentator: varchar({ length: 40 }),
    label: varchar({ length: 10 }),
    content: text().notNull(),
    status: varchar({ length: 10 }).notNull().default('pending').$type<'pending' | 'approved' | 'rejected' | 'deleted'>(),
    /** Where it came from: a reader's proposal, the corpus's own notes, or the starter library's editors. */
    origin: varchar({ length: 10 }).notNull().default('reader').$type<'reader' | 'corpus' | 'starter'>(),
    writerId: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewerId: integer().references(() => users.id, { onDelete: 'set null' }),
    rejectReason: varchar({ length: 200 }),
    /** Idempotence of the corpus and starter notes (`corpus:<essay import key>:<n>`). */
    importKey: varchar({ length: 160 }),
    createdAt: now(),
    updatedAt: now(),
    reviewedAt: at(),
  },
  (t) => [
    index('notes_essay_idx').on(t.essayId, t.status),
    index('notes_status_idx').on(t.status, t.createdAt),
    index('notes_writer_idx').on(t.writerId, t.createdAt),
    uniqueIndex('notes_import_key_uq').on(t.importKey),
  ],
);

/** A note's history: who wrote or changed what, when (the diff is drawn from before and after). */
export const noteRevisions = pgTable(
  'note_revisions',
  {
    id: serial().primaryKey(),
    noteId: integer()
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    editorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: varchar({ length: 10 }).notNull().$type<'propose' | 'approve' | 'edit' | 'reject' | 'delete' | 'reanchor'>(),
    before: text(),
    after: text(),
    reason: varchar({ length: 200 }),
    createdAt: now(),
  },
  (t) => [index('note_revisions_note_idx').on(t.noteId, t.createdAt), index('note_revisions_editor_idx').on(t.editorId)],
);

/**
 * 划线 (modules/highlights): a reader's passage of a text, anchored like notes (code points of the plain form plus the
 * quote; `anchorLost` once an edit removed it), with an optional 想法. A reader's writes on one text run under a
 * transaction-scoped advisory lock, which makes "the same range twice is one highlight" and the per-text limit exact.
 */
export const highlights = pgTable(
  'highlights',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    start: integer().notNull(),
    end: integer().notNull(),
    quote: text().notNull(),
    anchorLost: boolean().notNull().default(false),
    thought: text(),
    thoughtPublic: boolean().notNull().default(false),
    /** An editor hid the public 想法 (a report): its writer still sees it. */
    thoughtHiddenAt: at(),
    thoughtAt: at(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    index('highlights_user_essay_idx').on(t.userId, t.essayId, t.start),
    index('highlights_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('highlights_essay_idx').on(t.essayId),
    index('highlights_public_thought_idx')
      .on(t.essayId, t.start)
      .where(sql`${t.thoughtPublic} and ${t.thoughtHiddenAt} is null`),
    index('highlights_latest_thought_idx')
      .on(t.essayId, t.thoughtAt.desc().nullsFirst())
      .where(sql`${t.thoughtPublic} and ${t.thoughtHiddenAt} is null`),
  ],
);

/**
 * 热门划线 counters: per sentence of a text (split at 。！？； and line breaks), the distinct readers whose highlights
 * overlap it. Kept in the transaction of every highlight write (and rebuilt when the text changes), so reading the
 * top sentences never scans a text's highlights.
 */
export const highlightPassages = pgTable(
  'highlight_passages',
  {
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    /** The sentence's index in the text. */
    sentence: integer().notNull(),
    start: integer().notNull(),
    end: integer().notNull(),
    quote: text().notNull(),
    readers: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.essayId, t.sentence] }),
    index('highlight_passages_top_idx').on(t.essayId, t.readers.desc().nullsFirst()),
  ],
);

/** How many of one reader's highlights overlap a sentence: the reader counts once in its passage while above zero. */
export const highlightPassageReaders = pgTable(
  'highlight_passage_readers',
  {
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    sentence: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    highlights: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.essayId, t.sentence, t.userId] }), index('highlight_passage_readers_user_idx').on(t.userId)],
);

/**
 * The 仿写 coach's scores of a saved imitation (docs/coach.md), computed by the same engine as the editor's marks when the
 * writer saves it: the summary's figures (the text is written from them). Only the writer sees them unless `public`.
 */
export const imitationScores = pgTable('imitation_scores', {
  essayId: integer()
    .primaryKey()
    .references(() => essays.id, { onDelete: 'cascade' }),
  clauses: integer().notNull(),
  countMatched: integer().notNull(),
  tones: jsonb().$type<{ matched: number; total: number } | null>(),
  rhyme: jsonb().$type<{ matched: number; total: number } | null>(),
  parallel: jsonb().$type<{ matched: number; total: number } | null>(),
  public: boolean().notNull().default(false),
  updatedAt: now(),
});

/**
 * 每周仿写 (docs/challenges.md): an editor's weekly imitation challenge on one original. Its entries are the imitations of
 * that original published between opensAt and closesAt; closedAt is set once, by whichever process closes it first
 * (modules/challenges/closing.ts), in the same transaction that freezes its entries.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: serial().primaryKey(),
    originalId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    prompt: varchar({ length: 300 }).notNull(),
    opensAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    closesAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    closedAt: at(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    index('challenges_opens_idx').on(t.opensAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The closing job's probe: challenges past their close and not yet closed.
    index('challenges_due_idx')
      .on(t.closesAt)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** A closed challenge's entries as they stood at the close: the likes that counted, rank, and the top 3 (fixed once). */
export const challengeEntries = pgTable(
  'challenge_entries',
  {
    challengeId: integer()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    votes: integer().notNull(),
    rank: integer().notNull(),
    winner: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.essayId] }), index('challenge_entries_rank_idx').on(t.challengeId, t.rank)],
);

/**
 * 出处考证 (modules/attributions): a reader's evidence for or against a text's attribution, a source and a note.
 * Moderated like comments (sensitive words refused, reports, editors hide); others may confirm it (advisory).
 */
export const attributionEvidence = pgTable(
  'attribution_evidence',
  {
    id: serial().primaryKey(),
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    stance: varchar({ length: 8 }).notNull().$type<'for' | 'against'>(),
    source: jsonb().notNull().$type<Citation>(),
    note: text().notNull(),
    confirmations: integer().notNull().default(0),
    /** An editor hid it (directly or on a report): its writer still sees it. */
    hiddenAt: at(),
    createdAt: now(),
  },
  (t) => [index('attribution_evidence_essay_idx').on(t.essayId, t.createdAt), index('attribution_evidence_user_idx').on(t.userId)],
);

/** A reader's confirmation of someone else's evidence (advisory: it decides nothing). */
export const attributionConfirmations = pgTable(
  'attribution_confirmations',
  {
    evidenceId: integer()
      .notNull()
      .references(() => attributionEvidence.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.evidenceId, t.userId] }), index('attribution_confirmations_user_idx').on(t.userId)],
);

/** 存疑名句: lines commonly credited to someone who did not write them, each entry with its evidence; editors keep it. */
export const disputedLines = pgTable(
  'disputed_lines',
  {
    id: serial().primaryKey(),
    quote: text().notNull(),
    /** Who the line is wrongly credited to (鲁迅). */
    attributedTo: varchar({ length: 40 }).notNull(),
    note: text().notNull(),
    source: jsonb().notNull().$type<Citation>(),
    essayId: integer().references(() => essays.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: now(),
  },
  (t) => [index('disputed_lines_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/**
 * A text's signature (lib/signature.ts, docs/rules.md#text-signatures): its normalised body, that body's digest (exact duplicates) and
 * the LSH band keys of its MinHash (near-duplicates, texts of 20+ characters). Written with the text; older texts are
 * filled in by a start-up job (modules/duplicates backfill).
 */
export const textSignatures = pgTable(
  'text_signatures',
  {
    essayId: integer()
      .primaryKey()
      .references(() => essays.id, { onDelete: 'cascade' }),
    normalized: text().notNull(),
    digest: varchar({ length: 32 }).notNull(),
    han: integer().notNull(),
    bands: integer().array().notNull(),
  },
  (t) => [
    index('text_signatures_digest_idx').on(t.digest),
    index('text_signatures_bands_idx').using('gin', t.bands),
    // Containment: the character bigrams of the normalised text as integers (the SQL function shiju_bigram_codes,
    // migration 0032; lib/signature.ts bigramCode), so a lookup reads the few texts holding all of a line's bigrams
    // rather than all holding its characters.
    index('text_signatures_grams_idx').using('gin', sql`shiju_bigram_codes(${t.normalized})`),
  ],
);

/** An import key of a text merged into another: the importer treats it as present (it does not bring the text back). */
export const essayAliases = pgTable('essay_aliases', {
  importKey: varchar({ length: 120 }).primaryKey(),
  essayId: integer()
    .notNull()
    .references(() => essays.id, { onDelete: 'cascade' }),
  createdAt: now(),
});

/** A duplicate found when a text was posted: the editors' duplicates list (modules/duplicates). */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    id: serial().primaryKey(),
    /** The text posted. */
    essayId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    /** The text it repeats. */
    matchId: integer()
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 10 }).notNull().$type<'exact' | 'contained' | 'near'>(),
    similarity: doublePrecision().notNull(),
    status: varchar({ length: 10 }).notNull().default('open').$type<'open' | 'merged' | 'dismissed'>(),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('duplicate_pairs_uq').on(t.essayId, t.matchId),
    index('duplicate_pairs_open_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('duplicate_pairs_match_idx').on(t.matchId),
  ],
);

/**
 * 署名冲突 (modules/conflicts): the same or nearly the same words (lib/signature.ts: one digest, or a shared LSH band
 * and bigram similarity ≥ NEAR_THRESHOLD) naming different authors. One row per cluster; its texts are
 * attribution_conflict_members. `user` clusters hold at least one user's post (the editors' default queue), `corpus`
 * ones imported texts only (the same poem filed under two poets).
 */
export const attributionConflicts = pgTable(
  'attribution_conflicts',
  {
    id: serial().primaryKey(),
    scope: varchar({ length: 8 }).notNull().$type<'user' | 'corpus'>(),
    status: varchar({ length: 10 }).notNull().default('open').$type<'open' | 'dismissed' | 'resolved'>(),
    /** The editor's call: the text whose attribution is right and its author (resolved), and the note. A record only. */
    rightEssayId: integer(),
    rightAuthor: varchar({ length: 40 }),
    note: varchar({ length: 200 }),
    decidedAt: at(),
    createdAt: now(),
    /** When a text last joined it (a new member reopens a decided cluster). */
    updatedAt: now(),
  },
  (t) => [index('attribution_conflicts_queue_idx').on(t.scope, t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** A text of an attribution conflict (a text is in at most one), with the author it names, as written and normalised. */
export const attributionConflictMembers = pgTable(
  'attribution_conflict_members',
  {
    essayId: integer()
      .primaryKey()
      .references(() => essays.id, { onDelete: 'cascade' }),
    conflictId: integer()
      .notNull()
      .references(() => attributionConflicts.id, { onDelete: 'cascade' }),
    author: varchar({ length: 40 }).notNull(),
    authorKey: varchar({ length: 40 }).notNull(),
    /** Imported (it has an import key) rather than a user's post. */
    imported: boolean().notNull(),
  },
  (t) => [index('attribution_conflict_members_conflict_idx').on(t.conflictId)],
);

/** Where a chunked job that walks the library by id stopped (the attribution conflicts scan resumes there). */
export const jobCursors = pgTable('job_cursors', {
  name: varchar({ length: 60 }).primaryKey(),
  position: integer().notNull().default(0),
  updatedAt: now(),
});

/**
 * Read-your-writes across processes (db/reader.ts): until when a user's reads go to the primary after a write of
 * theirs. Read and written on the primary only; kept in Redis instead when REDIS_URL is set.
 */
export const readFences = pgTable('read_fences', {
  userId: integer().primaryKey(),
  until: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});
