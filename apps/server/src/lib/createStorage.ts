/**
 * The choice of storage at start, apart from storage.ts: the bucket's code (storageS3.ts) builds on storage.ts and is
 * imported from here on first use, so nothing imports in a circle and the embedded default never loads the SDK.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { localStorage, publicUrlOf, type Storage } from './storage.js';

/** The storage configuration chose; an S3 bucket's SDK is imported on first use, so the embedded default never loads it. */
export function createStorage(config: Pick<Config, 'storage' | 'uploadDir' | 'dataDir'>): Storage {
  if (config.storage.kind === 'local') return localStorage({ uploads: config.uploadDir, exports: path.join(config.dataDir, 'exports') });
  const s3 = config.storage;
  let loaded: Promise<Storage> | null = null;
  const bucket = () => (loaded ??= import('./storageS3.js').then((m) => m.s3Storage(s3)));
  return {
    signsLinks: true,
    put: async (...a) => (await bucket()).put(...a),
    get: async (...a) => (await bucket()).get(...a),
    remove: async (...a) => (await bucket()).remove(...a),
    removeUnder: async (...a) => (await bucket()).removeUnder(...a),
    list: async (...a) => (await bucket()).list(...a),
    signedUrl: async (...a) => (await bucket()).signedUrl(...a),
    publicUrl: (key) => publicUrlOf(s3, key),
    localDirectory: () => null,
  };
}
