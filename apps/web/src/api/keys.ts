/**
 * The query keys the features share: a write in one feature refreshes what another caches (a follow changes the
 * feeds, the counts and the suggestions) without importing that feature. Only the key factories live here; the
 * query options and the hooks that use them stay in their features.
 */
import type { CallId, CallInput } from '@shiju/contract';
import { defineDomain } from './define.js';

const essays = defineDomain('essays');
const open = defineDomain('open');
const users = defineDomain('users');
const interests = defineDomain('interests');
/** 为你推荐 (首页) and its preview on /myInterest: texts chosen by the reader's interests. */
const forYou = defineDomain('forYou');
const discovery = defineDomain('discovery');
const people = defineDomain('people');
const comments = defineDomain('comments');
const messages = defineDomain('messages');
const ads = defineDomain('ads');

export const essayKeys = {
  all: essays.all,
  /** Every list of published texts (首页's feed, an author's works, related texts), whatever the filter. */
  lists: essays.call('essaysPage'),
  details: essays.call('essayDetails'),
  own: essays.call('myEssays'),
  imitations: essays.call('imitations'),
  imitationTree: essays.call('imitationTree'),
};

export const openKeys = { all: open.all, sentence: open.call('openSentence') };

export const userKeys = {
  all: users.all,
  me: users.call('me'),
  /** Public profiles with their counts (作品, 关注, 粉丝). */
  profiles: users.call('userProfile'),
  relations: users.call('userRelations'),
};

export const interestKeys = {
  all: interests.all,
  mine: interests.call('getInterests'),
  feeds: forYou.all,
};

export const discoveryKeys = { all: discovery.all };

export const peopleKeys = {
  all: people.all,
  following: people.call('followingFeed'),
  suggested: people.call('suggestedUsers'),
  blocks: people.call('myBlocks'),
};

export const commentKeys = { all: comments.all };

export const messageKeys = {
  all: messages.all,
  unread: messages.call('messageCount'),
  /** 我的通知's merged list of one or more message types (see MyInform/useMessageFeed). */
  feed: (types: readonly string[]) => [...messages.call('messagesPage'), 'feed', types.join(',')] as const,
};

export const adKeys = { all: ads.all };

type RawQuery<K extends CallId> = NonNullable<CallInput<K>['query']>;
/**
 * The query string a paged admin call takes (paging and filters). Coerced fields (`z.coerce.number()`: page
 * numbers, ids) read as `unknown` on the input side; the console always sends numbers there.
 */
export type AdminQuery<K extends CallId> = { [P in keyof RawQuery<K>]?: unknown extends RawQuery<K>[P] ? number : RawQuery<K>[P] };

/**
 * Every cache entry of the editor's console lives under `['admin', …]`. A write in the console invalidates
 * `adminKeys.all`: one approval changes the queue, the content list, the dashboard's figures and the audit log
 * at once, and only the queries on screen refetch.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: (days: number) => [...adminKeys.all, 'dashboard', days] as const,
  essays: (query: AdminQuery<'adminEssaysPage'>) => [...adminKeys.all, 'essays', query] as const,
  reports: (query: AdminQuery<'adminReportsPage'>) => [...adminKeys.all, 'reports', query] as const,
  classifications: () => [...adminKeys.all, 'classifications'] as const,
  tags: () => [...adminKeys.all, 'tags'] as const,
  announcements: (query: AdminQuery<'adminAnnouncementsPage'>) => [...adminKeys.all, 'announcements', query] as const,
  ads: (query: AdminQuery<'adminAdsPage'>) => [...adminKeys.all, 'ads', query] as const,
  bestWeek: (week: string | undefined) => [...adminKeys.all, 'bestWeek', week ?? 'latest'] as const,
  orders: (query: AdminQuery<'adminOrdersPage'>) => [...adminKeys.all, 'orders', query] as const,
  users: (query: AdminQuery<'adminUsersPage'>) => [...adminKeys.all, 'users', query] as const,
  audit: (query: AdminQuery<'adminAuditPage'>) => [...adminKeys.all, 'audit', query] as const,
  collections: (query: AdminQuery<'adminCollectionsPage'>) => [...adminKeys.all, 'collections', query] as const,
  attributions: (query: AdminQuery<'adminAttributionsPage'>) => [...adminKeys.all, 'attributions', query] as const,
  attribution: (id: number) => [...adminKeys.all, 'attribution', id] as const,
  disputed: (pageNum: number) => [...adminKeys.all, 'disputed', pageNum] as const,
  paymentNotifications: (query: AdminQuery<'adminPaymentNotifications'>) => [...adminKeys.all, 'paymentNotifications', query] as const,
  challenges: (query: AdminQuery<'adminChallengesPage'>) => [...adminKeys.all, 'challenges', query] as const,
  duplicates: (query: AdminQuery<'adminDuplicatesPage'>) => [...adminKeys.all, 'duplicates', query] as const,
  conflicts: (query: AdminQuery<'adminConflictsPage'>) => [...adminKeys.all, 'conflicts', query] as const,
};
