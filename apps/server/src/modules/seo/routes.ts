/**
 * The answers for crawlers, link previews and feed readers (declared in the contract's RAW_RESPONSES):
 * server-rendered public pages, robots.txt, the sitemaps and the feeds.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RAW_RESPONSES } from '@shiju/contract';
import type { Config } from '../../config.js';
import { FEED_TYPES, renderFeed, type FeedFormat } from './feeds.js';
import type { Prerenderer } from './prerender.js';
import { renderDocument } from './presenter.js';
import { getTheme } from '../site/index.js';
import type { ThemeLayout } from '@shiju/contract';
import { PUBLIC_PAGES } from './service.js';
import { robotsTxt, sitemapFile, sitemapIndex } from './sitemap.js';
import { requestedVariant, traditionalDocument } from '../../lib/zhVariant.js';
import { originOf } from '../../http/origin.js';
import { applyFreshness, pageFreshness } from '../../http/caching.js';

const XML = 'application/xml; charset=utf-8';

export function registerSeo(app: FastifyInstance, config: Config, template: string | null, prerenderer: Prerenderer | null = null) {
  const hide = { schema: { hide: true } };
  const missing = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').send('Not Found');

  app.get(RAW_RESPONSES.robots.path, hide, async (req, reply) =>
    reply.type(RAW_RESPONSES.robots.contentType).send(robotsTxt(originOf(config, req))),
  );

  app.get(RAW_RESPONSES.sitemapIndex.path, hide, async (req, reply) =>
    reply
      .type(XML)
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemapIndex(await app.runtime.reader(), originOf(config, req))),
  );

  app.get<{ Params: { name: string } }>(RAW_RESPONSES.sitemapFile.path, hide, async (req, reply) => {
    const stream = await sitemapFile(await app.runtime.reader(), req.params.name, originOf(config, req));
    if (!stream) return missing(reply);
    return reply.type(XML).header('cache-control', 'public, max-age=3600').send(stream);
  });

  app.get<{ Params: { name: string } }>(RAW_RESPONSES.feed.path, hide, async (req, reply) => {
    const m = /^(.+)\.(rss|atom)$/.exec(req.params.name);
    const body = m
      ? await renderFeed(
          await app.runtime.reader(),
          app.runtime.essayCaches,
          m[1]!,
          m[2] as FeedFormat,
          originOf(config, req),
          app.runtime.now(),
        )
      : null;
    if (!body || !m) return missing(reply);
    return reply
      .type(FEED_TYPES[m[2] as FeedFormat])
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });

  // Without a built web app the routes fall through to the app's "not built" answer.
  if (template === null) return;
  for (const [path, load] of Object.entries(PUBLIC_PAGES)) {
    app.get(path, hide, async (req, reply) => {
      // Every visitor's page: a fresh replica serves it (db/reader.ts).
      const read = await app.runtime.reader();
      const model = await load(read, app.runtime.essayCaches, req.query as Record<string, unknown>, app.runtime.now());
      if (model.redirectTo) return reply.redirect(model.redirectTo, 301);
      // 繁體 for a reader who chose it (cookie) or followed a ?zh=hant link: a copy for this reader only, drawn with
      // stored Traditional originals (the app reads ?zh=) and converted as a whole below.
      const variant = requestedVariant(req.query, req.headers.cookie);
      let drawn = null;
      if (model.status === 200 && prerenderer?.handles(path)) {
        try {
          const asked = variant && !/[?&]zh=/.test(req.url) ? `${req.url}${req.url.includes('?') ? '&' : '?'}zh=${variant}` : req.url;
          const pre = await prerenderer.render(asked, originOf(config, req));
          if (pre) drawn = { html: pre.html, state: pre.state, stateId: prerenderer.stateId };
        } catch (err) {
          req.log.warn({ err }, 'prerendering failed; the plain markup is sent');
        }
      }
      const theme = await getTheme(read, 0);
      const html = renderDocument(
        template,
        model,
        originOf(config, req),
        drawn,
        theme ? (JSON.parse(theme.layoutVoList) as ThemeLayout) : null,
        config.icpBeian,
      );
      reply.status(model.status).type('text/html; charset=utf-8');
      // A 繁體 copy is this reader's own; the Simplified page is every visitor's (http/caching.ts).
      if (variant)
        return reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie').send(traditionalDocument(html, variant));
      return reply.send(applyFreshness(req, reply, pageFreshness(path), html));
    });
  }
}
