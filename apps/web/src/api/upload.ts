import type { UploadedImage } from '@shiju/contract';
import { IMAGE_TYPES, LIMITS } from '@shiju/contract/core';
import { errorMessages, routes } from 'virtual:shiju-calls';
import { ApiError } from './errors.js';
import { getAccessToken } from '../lib/session.js';

/** For <input accept>. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
const MAX_IMAGE_BYTES = LIMITS.uploadBytes;

/** What the server accepts (PRODUCT §5), checked before sending to save a trip; the server stays the judge. */
export function checkImage(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return errorMessages.A0701 ?? '不支持的文件类型';
  if (file.size > MAX_IMAGE_BYTES) return `${errorMessages.A0702 ?? '文件太大'}（最大 ${MAX_IMAGE_BYTES / 1024 / 1024} MB）`;
  return null;
}

/**
 * POST /api/v1/files as multipart (field `file`). The JSON request layer cannot send a form, so this speaks
 * to the endpoint directly with the same headers and envelope rules; failures reject with an ApiError whose
 * message is the server's, for the caller to show beside the file.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  const headers = new Headers({ 'Accept-Language': 'zh-CN', culture: 'zh-Hans' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(routes.upload.path, { method: 'POST', headers, body: form, signal });
  } catch {
    throw new ApiError('NETWORK', '网络连接失败，请稍后重试', 0);
  }
  const payload = (await res.json().catch(() => null)) as { code?: string; msg?: string; data?: UploadedImage } | null;
  if (!payload || typeof payload.code !== 'string') throw new ApiError('HTTP', `上传失败（HTTP ${res.status}）`, res.status);
  if (payload.code !== '00000' || !payload.data) {
    const code = payload.code as keyof typeof errorMessages;
    throw new ApiError(code, payload.msg || errorMessages[code] || '上传失败', res.status);
  }
  return payload.data;
}
