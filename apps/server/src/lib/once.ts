/** A value made on first use and the same ever after (a word list, a dictionary): immutable, so one per process. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
