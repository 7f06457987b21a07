/**
 * The web app's prerenderer (apps/web/src/ssr/render.tsx, built into `<WEB_DIST>/ssr/render.js`): 首页 and a
 * text's page drawn by the app's own components, on the answers of the app's own calls, made in-process through
 * app.inject as a visitor (http/prerender.ts). Without the built module the public pages keep the presenter's
 * own markup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { prerenderHeaders } from '../../http/prerender.js';

export interface Prerendered {
  html: string;
  state: unknown;
}

interface RenderModule {
  SERVER_STATE_ID: string;
  PRERENDERED_PATHS: string[];
  setTransport(t: (url: string, init: { method: string; headers: Headers; body?: string }) => Promise<Response>): void;
  prerender(url: string, origin: string): Promise<Prerendered | null>;
}

export interface Prerenderer {
  /** The id of the element the app reads the answers from. */
  stateId: string;
  handles(pathname: string): boolean;
  /** The page at `url` (path and query), drawn for the site at `origin` (the words that name its address). */
  render(url: string, origin: string): Promise<Prerendered | null>;
}

export async function loadPrerenderer(app: FastifyInstance, webDist: string): Promise<Prerenderer | null> {
  const file = path.join(webDist, 'ssr', 'render.js');
  if (!fs.existsSync(file)) return null;
  let mod: RenderModule;
  try {
    mod = (await import(pathToFileURL(file).href)) as RenderModule;
  } catch (err) {
    app.log.warn({ err }, 'the web app prerenderer could not be loaded; public pages use the plain markup');
    return null;
  }
  mod.setTransport(async (url, init) => {
    const res = await app.inject({
      method: init.method as 'GET',
      url,
      headers: { ...Object.fromEntries(init.headers.entries()), ...prerenderHeaders() },
      ...(init.body !== undefined ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
    return new Response(res.payload, { status: res.statusCode, headers });
  });
  const paths = new Set(mod.PRERENDERED_PATHS);
  return { stateId: mod.SERVER_STATE_ID, handles: (p) => paths.has(p), render: (url, origin) => mod.prerender(url, origin) };
}
