/**
 * Cache invalidation for every process at once. A cache registers what to drop for a topic; a write calls
 * `invalidate(topic, key)` after it commits, which drops the entry here at once and publishes the message to
 * the other processes through the attached transport (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when
 * REDIS_URL is set; see cluster.ts). Without a transport (PGlite: one process) only this process is concerned.
 */
type Handler = (key: string) => void;

/** Sent when messages may have been missed (the transport reconnected): every cache drops everything. */
export const EVERYTHING = '*';

export interface Transport {
  publish(message: string): void;
}

const handlers = new Map<string, Set<Handler>>();
/** Tells our own messages apart when the transport echoes them back. */
const origin = Math.random().toString(36).slice(2, 10);
let transport: Transport | null = null;

export function onInvalidate(topic: string, handler: Handler) {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
}

function apply(topic: string, key: string) {
  for (const h of handlers.get(topic) ?? []) h(key);
}

export function invalidate(topic: string, key: string) {
  apply(topic, key);
  transport?.publish(`${origin}|${topic}|${key}`);
}

/** A message from another process. */
export function receive(message: string) {
  const [from, topic, ...rest] = message.split('|');
  if (from === origin || !topic) return;
  apply(topic, rest.join('|'));
}

/** After a reconnect: whatever was published meanwhile is unknown, so every cache starts over. */
export function resync() {
  for (const topic of handlers.keys()) apply(topic, EVERYTHING);
}

export function attachTransport(t: Transport | null) {
  transport = t;
}
