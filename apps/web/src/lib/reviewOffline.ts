/**
 * 每日回顾 offline: a service worker scoped to /review keeps the page and the day's cards once loaded
 * (public/review-sw.js), and answers wait in an outbox in localStorage until they are sent (the server keeps, per
 * card and day, the last answer by answer time). Signing out removes the outbox, the worker's copy and the worker.
 */
import type { ReviewRating } from '@shiju/contract/core';
import { readLocal, STORAGE, writeLocal } from './storage.js';

export const REVIEW_SW_URL = '/review-sw.js';
export const REVIEW_SCOPE = '/review';
/** The worker's cache (public/review-sw.js names the same). */
export const REVIEW_CACHE = 'shiju-review-v1';

export interface OutboxAnswer {
  cardId: number;
  rating: ReviewRating;
  answeredAt: string;
  mode: 'recall' | 'dictation';
}

export function readOutbox(): OutboxAnswer[] {
  try {
    const v = JSON.parse(readLocal(STORAGE.reviewOutbox) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as OutboxAnswer[]) : [];
  } catch {
    return [];
  }
}

/** Adds an answer; a newer answer to the same card replaces the older one waiting. */
export function pushOutbox(a: OutboxAnswer): OutboxAnswer[] {
  const next = [...readOutbox().filter((x) => x.cardId !== a.cardId), a];
  writeLocal(STORAGE.reviewOutbox, JSON.stringify(next));
  return next;
}

/** Takes out what was sent (an answer given again meanwhile stays). */
export function dropFromOutbox(sent: readonly OutboxAnswer[]): OutboxAnswer[] {
  const next = readOutbox().filter((x) => !sent.some((s) => s.cardId === x.cardId && s.answeredAt === x.answeredAt));
  writeLocal(STORAGE.reviewOutbox, next.length ? JSON.stringify(next) : null);
  return next;
}

/** Until the worker controls this page (it claims it on activation), or a few seconds at most. */
function controlled(): Promise<boolean> {
  if (navigator.serviceWorker.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => resolve(navigator.serviceWorker.controller !== null);
    navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
    setTimeout(done, 5000);
  });
}

/**
 * Registers the review page's worker and hands it what this page loaded, so the page opens offline next time.
 * True once the worker controls the page: the day's cards asked again from then on are kept by it.
 */
export async function keepReviewOffline(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  try {
    const reg = await navigator.serviceWorker.register(REVIEW_SW_URL, { scope: REVIEW_SCOPE });
    const worker = reg.active ?? (await navigator.serviceWorker.ready).active;
    const control = await controlled();
    const urls = [
      window.location.pathname,
      ...performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === window.location.origin && !u.pathname.startsWith('/api/'))
        .map((u) => u.pathname),
    ];
    worker?.postMessage({ type: 'keep', urls: [...new Set(urls)] });
    return control;
  } catch {
    /* no worker (private mode, http): the review still works online */
    return false;
  }
}

/** On sign-out: the outbox, the worker's copy of the day and the worker itself. */
export function forgetReviewOffline(): void {
  writeLocal(STORAGE.reviewOutbox, null);
  if (typeof caches !== 'undefined') void caches.delete(REVIEW_CACHE).catch(() => undefined);
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator)
    void navigator.serviceWorker
      .getRegistrations()
      .then((regs) => Promise.all(regs.filter((r) => new URL(r.scope).pathname.startsWith(REVIEW_SCOPE)).map((r) => r.unregister())))
      .catch(() => undefined);
}
