/**
 * The few answers that are deliberately not `{ code, msg, data }` envelopes, because their reader is not our
 * web client: listed once here, served as declared, and listed in the README. Payment providers' callbacks
 * are answered in each provider's protocol; their calls in the table name their entry here (`rawCallback`).
 */
export interface RawResponse {
  method: 'GET' | 'POST';
  path: string;
  contentType: string;
  reader: string;
}

export const RAW_RESPONSES = {
  metrics: {
    method: 'GET',
    path: '/metrics',
    contentType: 'text/plain; version=0.0.4; charset=utf-8',
    reader: 'Prometheus scraper (text exposition format)',
  },
  openSentenceText: {
    method: 'GET',
    path: '/api/v1/open/sentence?encode=text',
    contentType: 'text/plain; charset=utf-8',
    reader: 'other sites embedding 随机一句 as plain text (errors stay envelopes)',
  },
  openSentenceJs: {
    method: 'GET',
    path: '/api/v1/open/sentence?encode=js',
    contentType: 'application/javascript; charset=utf-8',
    reader: 'a <script> on another site that writes the sentence into its element (errors stay envelopes)',
  },
  wechatPayNotify: {
    method: 'POST',
    path: '/api/v1/pay/wechat/notify',
    contentType: 'application/json; charset=utf-8',
    reader:
      'WeChat Pay (APIv3 notification): accepted → HTTP 200 with an empty body; refused → HTTP 4xx/5xx with {"code":"FAIL","message":"…"}, and WeChat Pay retries',
  },
  alipayNotify: {
    method: 'POST',
    path: '/api/v1/pay/alipay/notify',
    contentType: 'text/plain; charset=utf-8',
    reader: 'Alipay (asynchronous notification): the text `success` when handled, `fail` otherwise, and Alipay retries',
  },
  dataExport: {
    method: 'GET',
    path: '/api/v1/users/me/export',
    contentType: 'application/zip',
    reader: 'the signed-in user downloading a copy of their data (errors stay envelopes)',
  },
  robots: {
    method: 'GET',
    path: '/robots.txt',
    contentType: 'text/plain; charset=utf-8',
    reader: 'search engine crawlers (what to crawl, where the sitemap is)',
  },
  sitemapIndex: {
    method: 'GET',
    path: '/sitemap.xml',
    contentType: 'application/xml; charset=utf-8',
    reader: 'search engine crawlers: a sitemap index naming the sitemap files below',
  },
  sitemapFile: {
    method: 'GET',
    path: '/sitemaps/:name',
    contentType: 'application/xml; charset=utf-8',
    reader: 'search engine crawlers: pages.xml (site pages) and texts-<n>.xml (≤ 50,000 published texts each)',
  },
  feed: {
    method: 'GET',
    path: '/feeds/:name',
    contentType: 'application/rss+xml or application/atom+xml; charset=utf-8',
    reader:
      'feed readers: latest, best-week, classification-<id>, author-<id>, collection-<id> (a public 收藏夹), each as .rss (RSS 2.0) or .atom (Atom 1.0)',
  },
  publicPage: {
    method: 'GET',
    path: '/home, /bellesDetails, /classifyDetails, /leaderboard, /bestWeek, /bulletinDetails, /othersInfor, /collection',
    contentType: 'text/html; charset=utf-8',
    reader: 'browsers, search engines and link previews: the web app with the page content rendered by the server',
  },
} as const satisfies Record<string, RawResponse>;
