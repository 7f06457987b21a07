import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The site's public origin: PUBLIC_URL when set, else the request's own (for links in sitemaps, feeds and exports). */
export const originOf = (config: Config, req: FastifyRequest) => config.publicUrl ?? `${req.protocol}://${req.host}`;
