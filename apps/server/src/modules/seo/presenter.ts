/**
 * A page model → the built index.html with the page's content in semantic markup inside #root and its
 * description, keywords, canonical address, Open Graph tags, JSON-LD and feed links in <head>. The web app
 * replaces #root's content when it starts (it renders into the same element).
 */
import { creditName, creditOf, ICP_REGISTER, pageTitle, posterLine, SITE_NAME, type Essay, type ThemeLayout } from '@shiju/contract';
import { escapeHtml } from '../../lib/text.js';
import { titleOf, type ListItem, type PageBody, type PageModel } from './service.js';

const esc = escapeHtml;
const date = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

/** JSON inside <script>: `<` escaped so no string can close the element. */
const jsonScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A sentence's lines (plain text), escaped, one line break between them. */
const sentenceLines = (content: string) =>
  content
    .split(/\n+/)
    .filter((line) => line.trim())
    .map((line) => esc(line))
    .join('<br>');

/**
 * The credited author (contract creditOf): a quote's author linking to their page (李白〔唐〕), 佚名, or the writer of
 * an original linking to theirs; a quote's poster follows as 收录/分享.
 */
function creditHtml(e: Essay): string {
  const c = creditOf(e);
  const name = esc(creditName(c));
  const who = c.original
    ? `<a href="/othersInfor?id=${e.author.id}" rel="author">${name}</a>`
    : c.named
      ? `<a href="/author?name=${encodeURIComponent(c.author)}" rel="author">${name}</a>`
      : name;
  const poster = posterLine(c);
  return poster ? `${who} · <a href="/othersInfor?id=${e.author.id}">${esc(poster)}</a>` : who;
}

function essayItem({ essay: e, note }: ListItem) {
  const by = creditHtml(e);
  return `<li><article class="ssr-card">${note ? `<p class="ssr-note">${esc(note)}</p>` : ''}<h2><a href="/bellesDetails?id=${e.id}">${esc(
    titleOf(e),
  )}</a></h2><p>${esc(e.summary)}</p><p class="ssr-meta">${by}${e.source ? ` · ${esc(e.source)}` : ''}${
    e.publishedAt ? ` · <time datetime="${e.publishedAt}">${date(e.publishedAt)}</time>` : ''
  } · 喜欢 ${e.likes} · 评论 ${e.comments}</p></article></li>`;
}

const itemList = (items: ListItem[], empty: string) =>
  items.length ? `<ol class="ssr-list">${items.map(essayItem).join('')}</ol>` : `<p>${esc(empty)}</p>`;

function mainHtml(body: PageBody): string {
  switch (body.kind) {
    case 'essay': {
      const e = body.essay;
      const tags = e.tags.map((t) => `<li>${esc(t.name)}</li>`).join('');
      // A sentence is its own heading (as on the app's page), under its title when it has one; an essay's title is.
      const heading =
        e.type === 'sentence'
          ? `${e.title ? `<p class="ssr-note">${esc(e.title)}</p>` : ''}<h1 class="ssr-sentence">${sentenceLines(e.content)}</h1>`
          : `<h1>${esc(titleOf(e))}</h1>`;
      return `<article class="ssr-essay">${heading}<p class="ssr-meta">作者 ${creditHtml(e)}${e.source ? ` · 出处 <cite>${esc(e.source)}</cite>` : ''}${
        e.classification ? ` · 分类 <a href="/classifyDetails?id=${e.classification.id}">${esc(e.classification.name)}</a>` : ''
      }${e.publishedAt ? ` · <time datetime="${e.publishedAt}">${date(e.publishedAt)}</time>` : ''}</p>${e.type === 'essay' ? `<div class="ssr-text">${e.content}</div>` : ''}${tags ? `<ul class="ssr-tags" aria-label="标签">${tags}</ul>` : ''}<p class="ssr-meta">阅读 ${e.views} · 喜欢 ${
        e.likes
      } · 收藏 ${e.collects} · 评论 ${e.comments} · 仿写 ${e.imitations}</p></article>`;
    }
    case 'list': {
      const links = body.links?.length
        ? `<nav class="ssr-links" aria-label="更多"><ul>${body.links.map((l) => `<li><a href="${esc(l.href)}">${esc(l.label)}</a></li>`).join('')}</ul></nav>`
        : '';
      const bio = body.person?.bio ? `<p class="ssr-text">${esc(body.person.bio)}</p>` : '';
      return `<section><h1>${esc(body.heading)}</h1>${body.intro ? `<p>${esc(body.intro)}</p>` : ''}${bio}${itemList(
        body.items,
        '这里还没有作品。',
      )}${links}</section>`;
    }
    case 'announcement':
      return `<article class="ssr-essay"><h1>${esc(body.title)}</h1><p class="ssr-meta"><time datetime="${body.publishedAt}">${date(
        body.publishedAt,
      )}</time></p><div class="ssr-text">${body.content}</div></article>`;
    case 'user': {
      const u = body.user;
      return `<section><header><h1>${esc(u.nickname)}</h1>${u.bio ? `<p>${esc(u.bio)}</p>` : ''}<p class="ssr-meta">作品 ${u.essays} · 关注 ${
        u.following
      } · 粉丝 ${u.followers} · 获得喜欢 ${u.likesReceived}</p></header><h2>TA 的作品</h2>${itemList(body.items, 'TA 还没有发布作品。')}</section>`;
    }
    case 'links': {
      const items = body.items.length
        ? `<ul class="ssr-list">${body.items
            .map(
              (l) =>
                `<li><a href="${esc(l.href)}">${esc(l.label)}</a>${l.note ? ` <span class="ssr-note">${esc(l.note)}</span>` : ''}</li>`,
            )
            .join('')}</ul>`
        : body.empty
          ? `<p>${esc(body.empty)}</p>`
          : '';
      return `<section><h1>${esc(body.heading)}</h1>${body.intro ? `<p>${esc(body.intro)}</p>` : ''}${items}</section>`;
    }
    case 'notFound':
      return `<section><h1>页面不存在</h1><p>你要找的页面不存在，或者内容已被删除。</p><p><a href="/home">回到首页</a></p></section>`;
  }
}

const NAV = [
  ['/home', '首页'],
  ['/classifyDetails', '分类'],
  ['/leaderboard', '排行榜'],
  ['/bestWeek', '每周精选'],
  ['/bulletinBoard', '公告'],
] as const;

/** The site's ICP 备案号 (ICP_BEIAN) as the app's footer shows it, linking to the MIIT's register. */
export const icpHtml = (icp: string | null) =>
  icp ? `<p class="footer__icp"><a href="${ICP_REGISTER}" target="_blank" rel="noopener noreferrer">${esc(icp)}</a></p>` : '';

/**
 * The content placed inside #root, in the shell's own classes (header, page column, footer), so the page keeps
 * its layout when the web app replaces it.
 */
export function rootHtml(model: PageModel, icp: string | null = null): string {
  const nav = NAV.map(([href, label]) => `<a href="${href}">${label}</a>`).join('');
  const column = model.body.kind === 'essay' || model.body.kind === 'announcement' ? 'page page--reading' : 'page';
  // Landmarks by role on plain elements: the app's own <header>/<footer> elements take over after it starts.
  return `<div class="shell ssr"><div class="header" role="banner"><div class="header__inner"><a href="/home" class="logo" aria-label="${SITE_NAME} 首页"><span class="logo__seal" aria-hidden="true">拾</span><span class="logo__text">${SITE_NAME}</span></a><nav class="ssr__nav" aria-label="主导航">${nav}</nav></div></div><main class="shell__main"><div class="${column}">${mainHtml(
    model.body,
  )}</div></main><div class="footer" role="contentinfo"><div class="footer__inner"><p class="footer__motto serif">拾起散落的好句子，也写下自己的。</p>${icpHtml(icp)}</div></div></div>`;
}

/** JSON-LD's author (the credited one, contract creditOf) and, for a quote, its poster as contributor. */
function creditLd(e: Essay, origin: string) {
  const c = creditOf(e);
  const poster = { '@type': 'Person', name: e.author.nickname, url: absolute(origin, `/othersInfor?id=${e.author.id}`) };
  if (c.original) return { author: poster };
  return {
    author: {
      '@type': 'Person',
      name: c.author,
      ...(c.dynasty ? { description: c.dynasty } : {}),
      ...(c.named ? { url: absolute(origin, `/author?name=${encodeURIComponent(c.author)}`) } : {}),
    },
    contributor: poster,
  };
}

/** A page that lists other pages (a text list, the links of 公告 or 关于我们), as schema.org reads it. */
function collectionLd(model: PageModel, url: string, entries: { url: string; name: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: model.title,
    description: model.description,
    url,
    inLanguage: 'zh-CN',
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: entries.map((e, i) => ({ '@type': 'ListItem', position: i + 1, url: e.url, name: e.name })),
    },
  };
}

/** An author page: the person (李白, 唐, 701—762, the biography) as schema.org reads them. */
function personLd(p: NonNullable<Extract<PageBody, { kind: 'list' }>['person']>, url: string) {
  const year = (y: number | null) => (y === null ? undefined : y < 0 ? `-${String(-y).padStart(4, '0')}` : String(y).padStart(4, '0'));
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    inLanguage: 'zh-CN',
    mainEntity: {
      '@type': 'Person',
      name: p.name,
      url,
      ...(p.born !== null ? { birthDate: year(p.born) } : {}),
      ...(p.died !== null ? { deathDate: year(p.died) } : {}),
      ...(p.bio ? { description: p.bio } : p.dynasty ? { description: `${p.dynasty}代作者` } : {}),
    },
  };
}

function jsonLd(model: PageModel, origin: string): unknown {
  const url = absolute(origin, model.path);
  const b = model.body;
  if (b.kind === 'essay') {
    const e = b.essay;
    return {
      '@context': 'https://schema.org',
      '@type': e.type === 'essay' ? 'Article' : 'CreativeWork',
      headline: model.title,
      description: model.description,
      url,
      mainEntityOfPage: url,
      inLanguage: 'zh-CN',
      ...creditLd(e, origin),
      ...(e.publishedAt ? { datePublished: e.publishedAt } : {}),
      ...(e.source ? { isBasedOn: e.source } : {}),
      // Whether editors checked the attribution (出处已考证 / 存疑); not a schema.org term, read by our own consumers.
      attributionStatus: e.attributionStatus,
      ...(e.citation?.url ? { citation: e.citation.url } : {}),
      ...(e.cover ? { image: absolute(origin, e.cover) } : {}),
      keywords: model.keywords.join(','),
      interactionStatistic: [
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: e.likes },
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: e.comments },
      ],
      publisher: { '@type': 'Organization', name: SITE_NAME },
    };
  }
  if (b.kind === 'announcement')
    return {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: b.title,
      datePublished: b.publishedAt,
      url,
      inLanguage: 'zh-CN',
    };
  if (b.kind === 'user')
    return {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      mainEntity: { '@type': 'Person', name: b.user.nickname, description: b.user.bio || undefined },
    };
  if (b.kind === 'links' && b.items.length > 0)
    return collectionLd(
      model,
      url,
      b.items.map((l) => ({ url: absolute(origin, l.href), name: l.label })),
    );
  if (b.kind === 'list' && b.person) return personLd(b.person, url);
  if (b.kind === 'list')
    return collectionLd(
      model,
      url,
      b.items.map((it) => ({ url: absolute(origin, `/bellesDetails?id=${it.essay.id}`), name: titleOf(it.essay) })),
    );
  return { '@context': 'https://schema.org', '@type': 'WebPage', name: model.title, url };
}

/** The tags this page puts in <head> (besides <title>). */
export function headHtml(model: PageModel, origin: string): string {
  const url = absolute(origin, model.path);
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${esc(value)}" data-ssr />`;
  const tags = [
    meta('name', 'description', model.description),
    meta('name', 'keywords', model.keywords.join(',')),
    model.status === 404 || model.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${esc(url)}" data-ssr />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', model.ogType),
    meta('property', 'og:title', model.title),
    meta('property', 'og:description', model.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'zh_CN'),
    ...(model.image ? [meta('property', 'og:image', absolute(origin, model.image))] : []),
    ...model.feeds.flatMap((f) => [
      `<link rel="alternate" type="application/rss+xml" title="${esc(f.title)}" href="/feeds/${f.name}.rss" data-ssr />`,
      `<link rel="alternate" type="application/atom+xml" title="${esc(f.title)}" href="/feeds/${f.name}.atom" data-ssr />`,
    ]),
    `<script type="application/ld+json" data-ssr>${jsonScript(jsonLd(model, origin))}</script>`,
  ];
  return tags.join('\n    ');
}

const CSS_COLOR = /^(#[0-9a-fA-F]{3,8}|(rgb|hsl)a?\([\d\s.,%a-z]*\))$/;
const IMAGE_URL = /^(https?:\/\/|\/)[^\s"'()\\<>]*$/;

/**
 * The site theme (docs/rules.md#theme-and-start-up) as the app paints it (web lib/theme.ts), so the page has the site's colours, background
 * and grey mode from its first paint instead of after the theme call. Values that are not plain colours or
 * addresses are left out.
 */
export function themeStyle(theme: ThemeLayout): string {
  const vars = [
    CSS_COLOR.test(theme.color) ? `--accent:${theme.color}` : '',
    CSS_COLOR.test(theme.activeMenu) ? `--active-menu:${theme.activeMenu}` : '',
    theme.backgroundImg && IMAGE_URL.test(theme.backgroundImg) ? `--site-bg-image:url("${theme.backgroundImg}")` : '',
  ].filter(Boolean);
  const grey = theme.grey === 1 ? 'html{filter:grayscale(1)}' : '';
  return `<style data-theme>:root{${vars.join(';')}}${grey}</style>`;
}

/** The web app's own drawing of the page (modules/seo/prerender.ts) and the answers it was drawn from. */
export interface AppPage {
  html: string;
  state: unknown;
  stateId: string;
}

/**
 * The built index.html with this page in it: <title> by the seed's rule, the template's own description and
 * keywords replaced, the page's tags before </head>, its content inside #root — the app's own drawing when there is
 * one (with its answers, for the app to start from), otherwise the markup above.
 */
export function renderDocument(
  template: string,
  model: PageModel,
  origin: string,
  app: AppPage | null = null,
  theme: ThemeLayout | null = null,
  icp: string | null = null,
): string {
  const bg = theme?.backgroundImg && IMAGE_URL.test(theme.backgroundImg);
  const doc = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${esc(pageTitle(model.routeTitle))}</title>`)
    .replace(/\s*<meta name="(description|keywords)"[^>]*>/g, '')
    .replace('</head>', () => `  ${headHtml(model, origin)}${theme ? `\n    ${themeStyle(theme)}` : ''}\n  </head>`)
    .replace(/<html([^>]*)>/, (whole, attrs: string) => (bg ? `<html${attrs} data-bg-image="on">` : whole))
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${app ? app.html : rootHtml(model, icp)}</div>`);
  if (!app) return doc;
  return doc.replace(
    '</body>',
    () => `  <script type="application/json" id="${esc(app.stateId)}">${jsonScript(app.state)}</script>\n  </body>`,
  );
}
