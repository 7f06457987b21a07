/**
 * Where the site's files live: uploaded images (`uploads/…`) and data-export archives (`exports/<user>/…`). One
 * interface, chosen once at start from STORAGE (config.ts, createStorage.ts): the local directory (the embedded
 * default) or any S3-compatible bucket (storageS3.ts; its SDK is loaded only when that is configured). Modules ask the
 * storage what it can do (a local directory to serve, a public address, signed links) rather than which kind it is.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StorageConfig } from '../config.js';
import { AppError } from '../http/errors.js';

export interface PutOptions {
  contentType: string;
  /** Sent with the object wherever it is read from (a public bucket, a CDN). */
  cacheControl?: string;
}

export interface SignOptions {
  seconds: number;
  /** The file name the browser saves it as. */
  downloadName: string;
  /** The moment the link is signed at (the app's clock). */
  now: Date;
}

export interface Storage {
  /** Whether signedUrl gives links (object storage); the local directory's files are answered by the app itself. */
  readonly signsLinks: boolean;
  /** Stores the object; resolves only once the storage has it, so an acknowledged write is kept. */
  put(key: string, body: Buffer, opts: PutOptions): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType?: string } | null>;
  /** Deletes the object; false when it was not there (where the storage can tell). */
  remove(key: string): Promise<boolean>;
  /** Deletes every object whose key starts with `prefix` (which ends with '/'); answers how many. */
  removeUnder(prefix: string): Promise<number>;
  /** Every key under `prefix`. */
  list(prefix: string): Promise<string[]>;
  /**
   * A link that downloads a private object for `seconds`, or null where the storage has none (the local directory:
   * the app answers the bytes itself).
   */
  signedUrl(key: string, opts: SignOptions): Promise<string | null>;
  /** Where browsers read a public object directly (STORAGE_PUBLIC_URL), or null: through the app. */
  publicUrl(key: string): string | null;
  /** The directory holding the objects under `prefix` when they are files here (served as static files), else null. */
  localDirectory(prefix: string): string | null;
}

/** The storage could not be reached or refused the request: the caller answers B0002 (try again shortly). */
export function storageUnavailable(cause: unknown): AppError {
  const err = new AppError('B0002', '文件存储暂时不可用，请稍后再试');
  err.cause = cause;
  return err;
}

/** Keys are ours: a known top-level prefix, then safe path segments (never `..`, never absolute). */
const KEY = /^(uploads|exports)\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;
export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
const PREFIX = /^(uploads|exports)\/(?:[\w-][\w.-]*\/)*$/;
export function assertPrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) throw new Error(`not a storage prefix: ${JSON.stringify(prefix)}`);
}

/** The local directory: uploads under UPLOAD_DIR (as before object storage existed), exports under DATA_DIR/exports. */
export function localStorage(dirs: { uploads: string; exports: string }): Storage {
  const top = (key: string) => key.slice(0, key.indexOf('/')) as keyof typeof dirs;
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(dirs[top(key)], ...key.slice(key.indexOf('/') + 1).split('/'));
  };
  const dirOf = (prefix: string) => {
    assertPrefix(prefix);
    return path.join(dirs[top(prefix)], ...prefix.slice(prefix.indexOf('/') + 1).split('/'));
  };
  async function walk(dir: string, keyPrefix: string): Promise<string[]> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: string[] = [];
    for (const e of entries) {
      if (e.isDirectory()) out.push(...(await walk(path.join(dir, e.name), `${keyPrefix}${e.name}/`)));
      else if (!e.name.endsWith('.tmp')) out.push(`${keyPrefix}${e.name}`);
    }
    return out;
  }
  return {
    async put(key, body) {
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Unique per write: identical images uploaded at once share `target`, and must not share a temp file.
      const tmp = `${target}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, target);
    },
    async get(key) {
      try {
        return { body: await fs.readFile(fileOf(key)) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      try {
        await fs.rm(fileOf(key));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async removeUnder(prefix) {
      const keys = await walk(dirOf(prefix), prefix);
      await fs.rm(dirOf(prefix), { recursive: true, force: true });
      return keys.length;
    },
    list: (prefix) => walk(dirOf(prefix), prefix),
    signsLinks: false,
    signedUrl: async () => null,
    publicUrl: () => null,
    localDirectory: (prefix) => (prefix in dirs ? dirs[prefix as keyof typeof dirs] : null),
  };
}

/** STORAGE_PUBLIC_URL + key: the address a public bucket or the CDN in front of it serves the object at. */
export function publicUrlOf(s3: Extract<StorageConfig, { kind: 's3' }>, key: string): string | null {
  assertKey(key);
  return s3.publicUrl ? `${s3.publicUrl}/${key}` : null;
}
