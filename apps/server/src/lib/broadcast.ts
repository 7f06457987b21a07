/**
 * Cache invalidation for every process at once, one broadcast per app. A cache registers what to drop for a
 * topic; a write calls `invalidate(topic, key)` after it commits, which drops the entry here at once and
 * publishes the message to the other processes through the attached transport (PostgreSQL LISTEN/NOTIFY, or
 * Redis pub/sub when REDIS_URL is set; see cluster.ts). Without a transport (PGlite: one process) only this app
 * is concerned.
 */
type Handler = (key: string) => void;

/** Sent when messages may have been missed (the transport reconnected): every cache drops everything. */
export const EVERYTHING = '*';
/** A user changed (role, ban, membership, blocks, password, sessions, deletion); the key is their id. */
export const USER_CHANGED = 'user';
/** A text's public details changed; the key is its id (the essays module's caches listen). */
export const ESSAY_CHANGED = 'essay';
/** Texts entered or left the lists: every list page, total, ranking page and search result goes. */
export const LISTS_CHANGED = 'essay-lists';

/** After a text changes: its details, and (for changes that move it in or out of lists) every list page. */
export function forgetEssay(broadcast: Broadcast, id: number, lists = false) {
  broadcast.invalidate(ESSAY_CHANGED, String(id));
  if (lists) forgetLists(broadcast);
}

/** After a change that moves texts in or out of lists without one text being the cause (a ban, a tag merge). */
export function forgetLists(broadcast: Broadcast) {
  broadcast.invalidate(LISTS_CHANGED, EVERYTHING);
}

export interface Transport {
  /** Resolves once the message is on its way to the other processes (failures are the transport's to log). */
  publish(message: string): void | Promise<void>;
}

export interface Broadcast {
  onInvalidate(topic: string, handler: Handler): void;
  invalidate(topic: string, key: string): void;
  /** The same, resolving once the other processes' transport has the message: a change they must see on their next request. */
  invalidateSent(topic: string, key: string): Promise<void>;
  /** A message from another process. */
  receive(message: string): void;
  /** After a reconnect: whatever was published meanwhile is unknown, so every cache starts over. */
  resync(): void;
  attachTransport(t: Transport | null): void;
}

/** `onReceived` hears each message another process sent (the app counts them in its metrics). */
export function createBroadcast(onReceived?: (topic: string) => void): Broadcast {
  const handlers = new Map<string, Set<Handler>>();
  /** Tells our own messages apart when the transport echoes them back. */
  const origin = Math.random().toString(36).slice(2, 10);
  let transport: Transport | null = null;
  const apply = (topic: string, key: string) => {
    for (const h of handlers.get(topic) ?? []) h(key);
  };
  return {
    onInvalidate(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
    },
    invalidate(topic, key) {
      apply(topic, key);
      void transport?.publish(`${origin}|${topic}|${key}`);
    },
    async invalidateSent(topic, key) {
      apply(topic, key);
      await transport?.publish(`${origin}|${topic}|${key}`);
    },
    receive(message) {
      const [from, topic, ...rest] = message.split('|');
      if (from === origin || !topic) return;
      apply(topic, rest.join('|'));
      onReceived?.(topic);
    },
    resync() {
      for (const topic of handlers.keys()) apply(topic, EVERYTHING);
    },
    attachTransport(t) {
      transport = t;
    },
  };
}
