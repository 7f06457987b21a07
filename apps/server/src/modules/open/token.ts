/**
 * The no-repeat token for embeds without cookies: the ids a reader was shown lately, newest first, as
 * varint-encoded zig-zag deltas in base64url (200 ids ≈ 800 characters). It carries nothing secret; a
 * forged token can only make its sender see repeats, so it is validated for shape and size, not signed.
 */
const MAX_IDS = 200;

export function encodeDrawToken(ids: number[]): string {
  const bytes: number[] = [];
  let prev = 0;
  for (const id of ids.slice(0, MAX_IDS)) {
    const delta = id - prev;
    prev = id;
    let z = delta >= 0 ? delta * 2 : -delta * 2 - 1;
    do {
      let b = z % 128;
      z = Math.floor(z / 128);
      if (z > 0) b |= 128;
      bytes.push(b);
    } while (z > 0);
  }
  return Buffer.from(bytes).toString('base64url');
}

/** The ids of a token, or null when it is not one this server wrote. */
export function decodeDrawToken(token: string): number[] | null {
  const bytes = Buffer.from(token, 'base64url');
  const ids: number[] = [];
  let prev = 0;
  let i = 0;
  while (i < bytes.length) {
    let z = 0;
    let scale = 1;
    for (let n = 0; ; n++) {
      if (i >= bytes.length || n > 5) return null;
      const b = bytes[i++]!;
      z += (b & 127) * scale;
      scale *= 128;
      if (b < 128) break;
    }
    const delta = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    prev += delta;
    if (!Number.isInteger(prev) || prev < 1 || prev > 2147483647 || ids.length >= MAX_IDS) return null;
    ids.push(prev);
  }
  return ids;
}
