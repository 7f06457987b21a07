import type { QueryClient } from '@tanstack/react-query';
import { seedOrigin } from '../../../essays/index.js';

/**
 * 关于我们 is words only, but for the address its open API examples name: the one the server draws the page for
 * (ssr/render.tsx), kept in the answers the page travels with so the app takes the same words over.
 */
export function prefetchAbout(client: QueryClient, origin: string): Promise<boolean> {
  seedOrigin(client, origin);
  return Promise.resolve(true);
}
