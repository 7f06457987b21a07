import { defineDomain } from '../../../api/define.js';

const site = defineDomain('site');

export const siteKeys = { all: site.all };

export const siteQueries = {
  /**
   * The PC site's theme and what every page shows with it (the ICP 备案号). Asked afresh on every start
   * (api/startup.ts loadTheme); the shell only reads it, and a page the server drew carries the server's answer, so
   * the app takes the footer over as drawn.
   */
  theme: () => ({ ...site.query('theme', { query: { type: 0 } }), staleTime: Infinity }),
};
