/** Our uploads by their stored shape (`/uploads/YYYY/MM/<hash>.<ext>`, UPLOAD_URL) inside texts. */
import { UPLOAD_URL } from '@shiju/contract';

/** UPLOAD_URL without its anchors: an upload anywhere inside a text (the same syntax in JavaScript and PostgreSQL). */
export const UPLOAD_PATTERN = UPLOAD_URL.source.replace(/^\^/, '').replace(/\$$/, '');

/** Every upload a piece of HTML (or any text) refers to, once each. */
export function uploadsIn(text: string): string[] {
  return [...new Set(text.match(new RegExp(UPLOAD_PATTERN, 'g')) ?? [])];
}
