import type { UploadedImage } from '@shiju/contract';
import { IMAGE_TYPES, LIMITS } from '@shiju/contract/core';
import { errorMessages, routes } from 'virtual:shiju-calls';
import { defineWrite } from '../../../api/define.js';
import { ApiError, isApiError } from '../../../api/errors.js';
import { request } from '../../../api/request.js';

/** For <input accept>. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
const MAX_IMAGE_BYTES = LIMITS.uploadBytes;

/** What the server accepts (docs/rules.md#uploads), checked before sending to save a trip; the server stays the judge. */
export function checkImage(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return errorMessages.A0701 ?? '不支持的文件类型';
  if (file.size > MAX_IMAGE_BYTES) return `${errorMessages.A0702 ?? '文件太大'}（最大 ${MAX_IMAGE_BYTES / 1024 / 1024} MB）`;
  return null;
}

/**
 * POST /api/v1/files as multipart (field `file`) through the request layer, quietly: no mask, no toast; a failure
 * rejects with an ApiError whose message is the server's, for the caller to show beside the file. An upload changes
 * nothing cached: the form that asked for it saves the address.
 */
export const useUploadImage = defineWrite(async (file: File): Promise<UploadedImage> => {
  const form = new FormData();
  form.append('file', file);
  try {
    return await request<UploadedImage>(
      { method: routes.upload.method, path: routes.upload.path, body: form },
      { silent: true, quiet: true },
    );
  } catch (e) {
    if (isApiError(e, 'NETWORK')) throw new ApiError('NETWORK', '网络连接失败，请稍后重试', 0);
    if (isApiError(e, 'HTTP')) throw new ApiError('HTTP', `上传失败（HTTP ${e.status}）`, e.status);
    throw e;
  }
});
