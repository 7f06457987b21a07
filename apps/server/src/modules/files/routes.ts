import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../http/errors.js';
import { defineHandlers } from '../../http/routes.js';
import { storeImage } from './service.js';

async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw invalid('file 请使用 multipart/form-data 上传');
  const file = await req.file();
  if (!file || file.fieldname !== 'file') throw invalid('file 缺少名为 file 的文件');
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('A0702', '图片不能超过 5 MB');
    throw err;
  }
}

export const fileHandlers = defineHandlers({
  upload: async ({ req, config }) => storeImage(await readUpload(req), config.uploadDir),
});
