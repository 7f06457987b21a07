/**
 * The only place that builds response envelopes `{ code, msg, data }` and maps failures to them.
 * Nothing internal (stack, SQL, driver message) ever reaches a client: unknown errors become B0001.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, SUCCESS, type ErrorCode } from '@shiju/contract';
import { AppError } from './errors.js';

export function ok<T>(data: T) {
  return { code: SUCCESS, msg: ERRORS[SUCCESS].msg, data };
}

export function sendError(reply: FastifyReply, code: Exclude<ErrorCode, '00000'>, msg?: string) {
  return reply
    .status(ERRORS[code].status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ code, msg: msg ?? ERRORS[code].msg, data: null });
}

/** Fastify's own failures (bad JSON, huge body, wrong content type) mapped to our codes. */
function fromFastify(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('A0400', '请求体不是合法的 JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('A0400', '请求体过大');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('A0400', '不支持的请求格式');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('A0400', '一次只能上传一个文件');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('A0702');
    case 'FST_ERR_RATE_LIMIT':
      return new AppError('A0501');
  }
  if (err.statusCode === 429) return new AppError('A0501');
  if (err.statusCode === 413) return new AppError('A0702');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new AppError('A0400', '请求无法解析');
  return null;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const known = err instanceof AppError ? err : fromFastify(err);
    if (known) {
      if (known.status >= 500) req.log.error({ err }, 'request failed');
      return sendError(reply, known.code as Exclude<ErrorCode, '00000'>, known.userMsg);
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 'B0001');
  });
}

export function sendApiNotFound(req: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 'A0404', `接口不存在：${req.method} ${req.url.split('?')[0]}`);
}
