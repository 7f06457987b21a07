/**
 * Image uploads: the type is decided by the file's bytes (never its name or declared type), the image is
 * re-encoded by sharp (metadata stripped, oriented, bounded in size) and stored under a content hash.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../http/errors.js';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

const MAX_SIDE = 2400;
/** Refuse decompression bombs before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000;

export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

async function reencode(buf: Buffer, kind: ImageKind) {
  const img = sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, animated: kind === 'gif' || kind === 'webp', failOn: 'error' })
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

export async function storeImage(buf: Buffer, uploadDir: string) {
  const kind = sniffImage(buf);
  if (!kind) throw new AppError('A0701', '仅支持 JPEG、PNG、WebP、GIF 图片');
  let result: Awaited<ReturnType<typeof reencode>>;
  try {
    result = await reencode(buf, kind);
  } catch {
    throw new AppError('A0701', '图片已损坏或无法识别');
  }
  const ext = kind === 'jpeg' ? 'jpg' : kind;
  const hash = crypto.createHash('sha256').update(result.data).digest('hex').slice(0, 32);
  const now = new Date();
  const rel = path.posix.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'), `${hash}.${ext}`);
  const target = path.join(uploadDir, rel);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  await fs.writeFile(tmp, result.data);
  await fs.rename(tmp, target);
  const height = result.info.pageHeight && kind === 'gif' ? result.info.pageHeight : result.info.height;
  return { url: `/uploads/${rel}`, width: result.info.width, height };
}
