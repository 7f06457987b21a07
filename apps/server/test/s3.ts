/**
 * A local S3-compatible server (s3rver) for the object-storage tests: its objects are files in a temp directory,
 * so they outlive a restart on the same port, as a real service's do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's fixed credentials. */
export const S3_KEY = 'S3RVER';
export const BUCKET = 'shiju';

export interface LocalS3 {
  port: number;
  endpoint: string;
  /** The bucket's own address: what a public-read bucket is read from (STORAGE_PUBLIC_URL). */
  bucketUrl: string;
  /** The app's settings for this server. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Stops answering at once: every connection is cut, requests in flight included. */
  stop(): Promise<void>;
  /** Serves the same directory on the same port again. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-s3-'));
  let server: S3rverInstance | null = null;
  let port = 0;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: BUCKET }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (!s) return;
    const closed = s.close();
    s.httpServer.closeAllConnections();
    await closed;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    port,
    endpoint,
    bucketUrl: `${endpoint}/${BUCKET}`,
    env: (extra = {}) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      ...extra,
    }),
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
