import { z } from 'zod';
import { inDomain, route } from '../schema.js';

/** A stored upload: where it is served from and its size in pixels (after re-encoding). */
export const UploadedImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadedImage = z.infer<typeof UploadedImage>;

export const fileCalls = inDomain('files', {
  upload: route({
    id: 'upload',
    method: 'POST',
    path: '/api/v1/files',
    auth: 'required',
    summary: '上传图片（jpeg/png/webp/gif，≤ 5 MB）',
    multipart: true,
    response: UploadedImage,
    // B0002: the storage (an S3-compatible bucket) is away; nothing was stored, try again.
    errors: ['A0400', 'A0230', 'A0701', 'A0702', 'A0501', 'B0002'],
  }),
});
