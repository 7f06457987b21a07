/**
 * Image uploads: the type is decided by the file's bytes (never its name or declared type), the image is
 * re-encoded by sharp (metadata stripped, oriented, bounded in size) and stored under a content hash. Files that
 * nothing shows any more (a deleted account's avatar) are removed by removeUnusedUploads.
 */
import crypto from 'node:crypto';
import { isUploadUrl, type ImageKind } from '@shiju/contract/core';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { BusyError, type JobQueue } from '../../lib/jobQueue.js';
import { once } from '../../lib/once.js';
import type { Storage } from '../../lib/storage.js';
import { uploadsInUse } from './queries.js';

const MAX_SIDE = 2400;
/**
 * Refuse decompression bombs before decoding them: the pixels of every frame together (a 9-frame GIF of
 * 2000×2000 is 36 megapixels of work even though the file is 34 KB), and at most 200 frames.
 */
export const MAX_TOTAL_PIXELS = 40_000_000;
const MAX_FRAMES = 200;

/**
 * sharp, loaded by the first image: with libvips it weighs ~18 MB of memory that a process which is never sent an
 * image need not carry. sharp uses one thread per job; how many jobs run at once is the app's image queue (runtime.ts).
 */
const loadSharp = once(() =>
  import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }),
);

export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a'))
    return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

async function assertSize(buf: Buffer, kind: ImageKind) {
  const sharp = await loadSharp();
  const animated = kind === 'gif' || kind === 'webp';
  const meta = await sharp(buf, { animated, limitInputPixels: false }).metadata();
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (frames > MAX_FRAMES || (meta.width ?? 0) * frameHeight * frames > MAX_TOTAL_PIXELS)
    throw new AppError('A0701', `图片尺寸过大（所有帧合计不能超过 ${MAX_TOTAL_PIXELS / 1_000_000} 百万像素）`);
}

async function reencode(buf: Buffer, kind: ImageKind) {
  const sharp = await loadSharp();
  const img = sharp(buf, { limitInputPixels: MAX_TOTAL_PIXELS, animated: kind === 'gif' || kind === 'webp', failOn: 'error' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const out =
    kind === 'jpeg'
      ? img.jpeg({ quality: 85, mozjpeg: true })
      : kind === 'png'
        ? img.png({ compressionLevel: 9 })
        : kind === 'webp'
          ? img.webp({ quality: 85 })
          : img.gif();
  return out.toBuffer({ resolveWithObject: true });
}

/** Uploads never change (their name is their content's hash): cached for a year wherever they are read from. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** An upload's address on the site (`/uploads/…`, what texts store) → its key in the storage, and back. */
export const keyOfUpload = (url: string) => url.slice(1);
const urlOfKey = (key: string) => `/${key}`;

/**
 * Stores one image; answers only once the storage has it, so an upload acknowledged to its author is never lost (a
 * storage that is away answers B0002 instead).
 */
export async function storeImage(buf: Buffer, storage: Storage, imageJobs: JobQueue) {
  const kind = sniffImage(buf);
  if (!kind) throw new AppError('A0701', '仅支持 JPEG、PNG、WebP、GIF 图片');
  let result: Awaited<ReturnType<typeof reencode>>;
  try {
    result = await imageJobs.run(async () => {
      await assertSize(buf, kind);
      return reencode(buf, kind);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof BusyError) throw new AppError('A0501', '图片处理繁忙，请稍后再试');
    throw new AppError('A0701', '图片已损坏或无法识别');
  }
  const ext = kind === 'jpeg' ? 'jpg' : kind;
  const hash = crypto.createHash('sha256').update(result.data).digest('hex').slice(0, 32);
  const now = new Date();
  const key = `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${hash}.${ext}`;
  await storage.put(key, result.data, { contentType: CONTENT_TYPES[kind], cacheControl: UPLOAD_CACHE_CONTROL });
  const height = result.info.pageHeight && kind === 'gif' ? result.info.pageHeight : result.info.height;
  return { url: urlOfKey(key), width: result.info.width, height };
}

/**
 * Deletes the files of these uploads unless something on the site still shows them (see uploadsInUse); call it
 * once the change that let go of them has committed. Anything not of our stored shape is ignored, so nothing
 * outside the storage's uploads is touched. Answers how many files were removed.
 */
export async function removeUnusedUploads(
  db: Db,
  storage: Storage,
  urls: (string | null)[],
  log?: { warn(obj: object, msg: string): void },
): Promise<number> {
  const ours = [...new Set(urls.filter((u): u is string => !!u && isUploadUrl(u)))];
  const inUse = await uploadsInUse(db, ours);
  let removed = 0;
  for (const url of ours) {
    if (inUse.has(url)) continue;
    try {
      if (await storage.remove(keyOfUpload(url))) removed++;
    } catch (err) {
      log?.warn({ err, url }, 'could not remove an unused upload');
    }
  }
  return removed;
}
