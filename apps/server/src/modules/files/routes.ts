import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../http/errors.js';
import { defineHandlers, type ModuleDeps } from '../../http/routes.js';
import { storeImage } from './service.js';

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

export function fileHandlers({ config, runtime }: ModuleDeps<'imageJobs'>) {
  return defineHandlers({
    upload: async ({ req }) => storeImage(await readUpload(req), config.uploadDir, runtime.imageJobs),
  });
}
