/**
 * Any S3-compatible bucket (AWS S3, Aliyun OSS, Tencent COS, MinIO) as the site's storage (lib/storage.ts).
 * Checksums only where an operation requires them (`WHEN_REQUIRED`): OSS, COS and older MinIO refuse or ignore
 * the CRC32 headers newer SDKs send by default. Objects are written private; uploads are read by browsers through
 * STORAGE_PUBLIC_URL (a public-read prefix or a CDN) or through the app, archives only through signed links.
 * Every failure to reach the bucket becomes B0002 with the SDK's error as its cause (logged, never sent).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.js';
import { assertKey, assertPrefix, publicUrlOf, storageUnavailable, type Storage } from './storage.js';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** RFC 6266: an ASCII fallback name and the real one percent-encoded. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const notFound = (err: unknown) =>
  err instanceof NoSuchKey || (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404));

export function s3Storage(c: S3Config): Storage {
  const client = new S3Client({
    endpoint: c.endpoint,
    region: c.region,
    forcePathStyle: c.forcePathStyle,
    credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey.reveal() },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that is away answers the reader within seconds (B0002), not after the socket's own timeout.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 2000, requestTimeout: 20_000 },
  });
  const Bucket = c.bucket;
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw storageUnavailable(err);
    }
  };
  return {
    signsLinks: true,
    put: (key, body, opts) => {
      assertKey(key);
      return guarded(async () => {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: opts.contentType, CacheControl: opts.cacheControl }),
        );
      });
    },
    async get(key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { body: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType };
      } catch (err) {
        if (notFound(err)) return null;
        throw storageUnavailable(err);
      }
    },
    remove: (key) => {
      assertKey(key);
      // One object per request: DeleteObjects needs a checksum header that some S3-compatible services refuse.
      return guarded(async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
        return true;
      });
    },
    async removeUnder(prefix) {
      const keys = await this.list(prefix);
      for (const key of keys) await this.remove(key);
      return keys.length;
    },
    list: (prefix) => {
      assertPrefix(prefix);
      return guarded(async () => {
        const keys: string[] = [];
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
          keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
        return keys;
      });
    },
    signedUrl: (key, { seconds, downloadName, now }) => {
      assertKey(key);
      return guarded(() =>
        getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: attachment(downloadName) }), {
          expiresIn: seconds,
          signingDate: now,
        }),
      );
    },
    publicUrl: (key) => publicUrlOf(c, key),
    localDirectory: () => null,
  };
}
