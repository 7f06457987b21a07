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

/** The worker once it is active (null if it goes redundant instead). */
function activated(worker: ServiceWorker | null): Promise<ServiceWorker | null> {
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state === 'activated') resolve(worker);
      else if (worker.state === 'redundant') resolve(null);
      else return;
      worker.removeEventListener('statechange', check);
    };
    worker.addEventListener('statechange', check);
    check();
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
    // Not `serviceWorker.ready`: it waits for a worker whose scope holds this document, and a reader who came from
    // another page (the app moves to /review without loading a document) is in a document outside /review.
    const worker = reg.active ?? (await activated(reg.installing ?? reg.waiting));
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

/** The day's cards as the review call answered them (the worker's network-first copy of that call). */
const TODAY = '/api/v1/app/review/today';

/**
 * Keeps the day's cards as they stand in the worker's cache, written by the page itself: a reader who came from
 * another page is in a document the worker does not control, so the worker never sees the call go by.
 */
export async function keepTodayOffline(data: unknown): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(REVIEW_CACHE);
    const body = JSON.stringify({ code: '00000', msg: '成功', data });
    await cache.put(TODAY, new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } }));
  } catch {
    /* no cache storage (private mode): the review still works online */
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
