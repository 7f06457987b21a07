/**
 * The guided tour's state outside React: shown once per browser (remembered in storage), re-opened on request
 * (the button on /aboutOur).
 */
import { readLocal, STORAGE, writeLocal } from './storage.js';

const listeners = new Set<() => void>();

export const tourSeen = () => readLocal(STORAGE.tourSeen) !== null;

export function markTourSeen(): void {
  writeLocal(STORAGE.tourSeen, new Date().toISOString().slice(0, 10));
}

/** Opens the tour again (it listens while the shell is mounted). */
export function reopenTour(): void {
  for (const l of listeners) l();
}

export function onTourRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
