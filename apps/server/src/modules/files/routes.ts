import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isUploadUrl } from '@shiju/contract/core';
import type { Storage } from '../../lib/storage.js';
import { AppError, invalid } from '../../http/errors.js';
import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { keyOfUpload, storeImage, UPLOAD_CACHE_CONTROL } from './service.js';

/** The one file of an upload request; a second file is refused rather than silently dropped. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw invalid('file 请使用 multipart/form-data 上传');
  let buf: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (buf || part.fieldname !== 'file') throw invalid(buf ? 'file 一次只能上传一个文件' : 'file 缺少名为 file 的文件');
      buf = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('A0702', '图片不能超过 5 MB');
    if (code === 'FST_FILES_LIMIT') throw invalid('file 一次只能上传一个文件');
    if (err instanceof AppError) throw err;
    // Anything else is the multipart parser failing on a malformed body.
    throw invalid('file 上传内容格式错误');
  }
  if (!buf) throw invalid('file 缺少名为 file 的文件');
  return buf;
}

export function fileHandlers({ runtime }: ModuleDeps<'imageJobs' | 'storage'>) {
  return defineHandlers({
    upload: async ({ req }) => storeImage(await readUpload(req), runtime.storage, runtime.imageJobs),
  });
}

/**
 * GET /uploads/… : the local directory's files as static files; with object storage, a permanent redirect to the
 * object's public address (STORAGE_PUBLIC_URL: a public-read prefix or a CDN) or, without one, the object read
 * through the app. The addresses texts store stay `/uploads/…` whichever storage holds the files.
 */
export async function registerUploads(app: FastifyInstance, storage: Storage, decorateReply: boolean) {
  const dir = storage.localDirectory('uploads');
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/uploads/',
      decorateReply,
      index: false,
      setHeaders(res) {
        res.header('cache-control', UPLOAD_CACHE_CONTROL);
        res.header('x-content-type-options', 'nosniff');
      },
    });
    return;
  }
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const url = req.url.split('?')[0]!;
    if (!isUploadUrl(url)) return reply.callNotFound();
    const key = keyOfUpload(url);
    const direct = storage.publicUrl(key);
    reply.header('cache-control', UPLOAD_CACHE_CONTROL);
    if (direct) return reply.redirect(direct, 301);
    const found = await storage.get(key);
    if (!found) {
      reply.header('cache-control', 'no-store');
      return reply.callNotFound();
    }
    return reply
      .header('x-content-type-options', 'nosniff')
      .type(found.contentType ?? 'application/octet-stream')
      .send(found.body);
  });
}
