import type { z } from 'zod';
import type { CallDef } from './schema.js';
import { adCalls } from './calls/ads.js';
import { adminCalls } from './calls/admin.js';
import { openCalls } from './calls/open.js';
import { peopleCalls } from './calls/people.js';
import { announcementCalls } from './calls/announcements.js';
import { authCalls } from './calls/auth.js';
import { classificationCalls } from './calls/classifications.js';
import { commentCalls } from './calls/comments.js';
import { notesCalls } from './calls/notes.js';
import { collectionCalls } from './calls/collections.js';
import { highlightCalls } from './calls/highlights.js';
import { muteCalls } from './calls/mutes.js';
import { reviewCalls } from './calls/review.js';
import { toneCalls } from './calls/tones.js';
import { coachCalls } from './calls/coach.js';
import { essayCalls } from './calls/essays.js';
import { attributionCalls } from './calls/attributions.js';
import { fileCalls } from './calls/files.js';
import { messageCalls } from './calls/messages.js';
import { orderCalls } from './calls/orders.js';
import { reportCalls } from './calls/reports.js';
import { siteCalls } from './calls/site.js';
import { usersCalls } from './calls/users.js';
import { discoveryCalls } from './calls/discovery.js';
import { authorCalls } from './calls/authors.js';
import { challengeCalls } from './calls/challenges.js';

export * from './core.js';
export * from './credit.js';
export * from './schema.js';
export * from './errors.js';
export * from './raw.js';
export * from './pages.js';
export * from './calls/entities.js';
export * from './calls/auth.js';
export * from './calls/users.js';
export * from './calls/site.js';
export * from './calls/classifications.js';
export * from './calls/essays.js';
export * from './calls/attributions.js';
export * from './calls/discovery.js';
export * from './calls/authors.js';
export * from './calls/comments.js';
export * from './calls/notes.js';
export * from './calls/collections.js';
export * from './calls/highlights.js';
export * from './calls/mutes.js';
export * from './calls/review.js';
export * from './calls/tones.js';
export * from './calls/coach.js';
export * from './notesCore.js';
export * from './anchors.js';
export * from './calls/announcements.js';
export * from './calls/messages.js';
export * from './calls/ads.js';
export * from './calls/files.js';
export * from './calls/orders.js';
export * from './calls/reports.js';
export * from './calls/admin.js';
export * from './calls/open.js';
export * from './calls/people.js';
export * from './calls/challenges.js';

/** Every call of the product, declared once. Server, web client and OpenAPI document all read this table. */
export const calls = {
  ...siteCalls,
  ...authCalls,
  ...usersCalls,
  ...classificationCalls,
  ...essayCalls,
  ...attributionCalls,
  ...discoveryCalls,
  ...authorCalls,
  ...commentCalls,
  ...notesCalls,
  ...collectionCalls,
  ...highlightCalls,
  ...muteCalls,
  ...reviewCalls,
  ...toneCalls,
  ...coachCalls,
  ...announcementCalls,
  ...messageCalls,
  ...adCalls,
  ...fileCalls,
  ...orderCalls,
  ...reportCalls,
  ...adminCalls,
  ...openCalls,
  ...peopleCalls,
  ...challengeCalls,
} as const;

export type Calls = typeof calls;
export type CallId = keyof Calls;

type Infer<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;
type InferIn<T> = [NonNullable<T>] extends [z.ZodType] ? z.input<NonNullable<T>> : undefined;

/** What a caller sends for call K (inputs: defaults may be left out). */
export type CallInput<K extends CallId> = {
  params: InferIn<Calls[K]['params']>;
  query: InferIn<Calls[K]['query']>;
  body: InferIn<Calls[K]['body']>;
};
/** What a handler receives after validation (defaults applied). */
export type CallParsed<K extends CallId> = {
  params: Infer<Calls[K]['params']>;
  query: Infer<Calls[K]['query']>;
  body: Infer<Calls[K]['body']>;
};
export type CallData<K extends CallId> = z.output<Calls[K]['response']>;

export const callList: CallDef[] = Object.values(calls);

/** The seed writes some paths as relative; the API always lives under /api. */
export function fillPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params?.[k] ?? '')));
}
