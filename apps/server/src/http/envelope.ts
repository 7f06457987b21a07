/**
 * The only place that builds response envelopes `{ code, msg, data }` and maps failures to them.
 * Nothing internal (stack, SQL, driver message) ever reaches a client: unknown errors become B0001.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, SUCCESS, type ErrorCode } from '@shiju/contract';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from './errors.js';

export function ok<T>(data: T) {
  return { code: SUCCESS, msg: ERRORS[SUCCESS].msg, data };
}

/**
 * An answer that is deliberately not an envelope (declared in the contract's RAW list: the open API's text
 * and js encodings, the payment providers' callback answers), returned by a handler and sent as is.
 */
export class RawAnswer {
  constructor(
    readonly contentType: string,
    readonly body: string | Buffer,
    readonly status = 200,
    /** Further headers (a download's content-disposition). */
    readonly headers: Record<string, string> = {},
  ) {}
}

/** `status` overrides the table's only for transport-level answers whose HTTP status clients rely on (414). */
export function sendError(reply: FastifyReply, code: Exclude<ErrorCode, '00000'>, msg?: string, status?: number) {
  // Unavailability is temporary by definition: tell clients and proxies when to try again.
  if (code === 'B0002') reply.header('retry-after', '1');
  return reply
    .status(status ?? ERRORS[code].status)
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
    case 'FST_ERR_BAD_URL':
      return new AppError('A0400', '地址编码不正确');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('A0400', '地址过长');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('A0400', '上传内容格式不正确');
  }
  // busboy reports a cut or malformed multipart body with a plain Error and no code.
  if (/unexpected end of multipart data|Multipart: Boundary not found|Boundary required|Malformed part header/i.test(err.message))
    return new AppError('A0400', '上传内容格式不正确');
  if (err.statusCode === 429) return new AppError('A0501');
  if (err.statusCode === 413) return new AppError('A0702');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new AppError('A0400', '请求无法解析');
  return null;
}

/** How long, and how much, of a refused body is still read (and dropped) after its answer before the socket closes. */
export const DRAIN_AFTER_REFUSAL = { ms: 10_000, bytes: 64 * 1024 * 1024 };

/**
 * A body refused before it was read to its end (over the size limit) is answered with `connection: close`, and Node
 * then closes the socket as soon as the answer is written. A client still sending its body meets a reset, and one
 * that reads only after sending (simple clients, some proxies) loses the answer. Instead the answer half-closes the
 * connection, and the rest of the body is read and dropped (never buffered) until it ends, up to a bound in time and
 * bytes; then the socket closes.
 */
export function closeAfterDraining(req: IncomingMessage) {
  const socket = req.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket || typeof socket.destroySoon !== 'function' || req.complete) return;
  socket.destroySoon = () => {
    let closed = false;
    let read = 0;
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      if (socket.writableFinished) socket.destroy();
      else socket.once('finish', () => socket.destroy());
    };
    const timer = setTimeout(close, DRAIN_AFTER_REFUSAL.ms);
    timer.unref();
    if (socket.writable) socket.end();
    if (req.complete || req.destroyed) return close();
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_AFTER_REFUSAL.bytes) close();
    });
    req.once('end', close);
    req.once('error', close);
    socket.once('close', () => clearTimeout(timer));
    req.resume();
  };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') closeAfterDraining(req.raw);
    // An AppError is already decided (the storage's B0002 carries its cause, which may be a refused connection too).
    if (!(err instanceof AppError) && isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return sendError(reply, 'B0002');
    }
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

/** Fastify's framework errors (a URL that does not decode) go through the same mapping as every other failure. */
export function frameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const known = fromFastify(err) ?? new AppError('A0400', '请求无法解析');
  void sendError(
    reply,
    known.code as Exclude<ErrorCode, '00000'>,
    known.userMsg,
    err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : undefined,
  );
}

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (headers or URL over the size limit, garbage):
 * written straight to the socket, still as an envelope. The status stays the one HTTP clients and proxies
 * understand (431 for oversized headers).
 */
export function clientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const msg = status === 431 ? '请求头或地址过长' : status === 408 ? '请求超时' : '请求无法解析';
  const body = JSON.stringify({ code: 'A0400', msg: `${ERRORS.A0400.msg}：${msg}`, data: null });
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
