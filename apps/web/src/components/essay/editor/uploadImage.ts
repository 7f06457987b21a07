import { getAccessToken } from '../../../lib/session.js';
import { LIMITS } from '../../../lib/essay/limits.js';

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

const UPLOAD_PATH = '/api/v1/files';
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * POST /api/v1/files (multipart field `file`). The JSON request layer does not speak multipart, so this
 * sends the same headers by hand. Rejects with an Error whose message is the server's msg (or ours for a
 * file refused before sending), to show next to the file.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<UploadedImage> {
  if (file.size > LIMITS.uploadBytes) throw new Error(`文件太大：图片不能超过 ${LIMITS.uploadBytes / 1024 / 1024} MB`);
  const body = new FormData();
  body.append('file', file);
  const headers = new Headers({ 'Accept-Language': 'zh-CN', culture: 'zh-Hans' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(UPLOAD_PATH, { method: 'POST', body, headers, signal });
  } catch {
    throw new Error('网络连接失败，请重试');
  }
  const payload = (await res.json().catch(() => null)) as { code?: string; msg?: string; data?: UploadedImage } | null;
  if (payload?.code === '00000' && payload.data) return payload.data;
  throw new Error(payload?.msg || `上传失败（HTTP ${res.status}）`);
}
