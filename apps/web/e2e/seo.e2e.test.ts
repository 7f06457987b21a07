/**
 * The reader's web (docs/web.md, docs/seo.md), in the real server and browser: public pages readable without JavaScript (as a
 * crawler or a link preview sees them) and taken over by the app, the sitemap and feeds, the guided tour, the
 * phone layout, and the leaderboard's badge.
 */
import { textTitle } from '@shiju/contract/pages';
import { XMLParser } from 'fast-xml-parser';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callApi, registerUser, signInAs } from './essay-helpers.js';
import {
  appRunning,
  baseURL,
  closePage,
  opened,
  openPage,
  settled,
  storage,
  TOUR_SEEN_KEY,
  uniqueUsername,
  useBrowser,
  waitForPath,
  waitForTitle,
} from './helpers.js';

interface Card {
  id: number;
  type: 'sentence' | 'essay';
  title: string | null;
  summary: string;
  author: { id: number; nickname: string };
  classificationId: number | null;
  ownWork: boolean;
}

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'item', 'entry'].includes(name) });

async function newest(): Promise<Card> {
  const page = await callApi<{ list: Card[] }>('POST', '/api/v1/es/essays/pc/page', { pageNum: 1, pageSize: 1, sort: 'new' });
  return page.list[0]!;
}

/** A text the library quotes (not its poster's own words): its page carries the 出处 and attribution line. */
async function quoted(): Promise<Card> {
  const page = await callApi<{ list: Card[] }>('POST', '/api/v1/es/essays/pc/page', { pageNum: 1, pageSize: 50, sort: 'hot' });
  const found = page.list.find((c) => !c.ownWork);
  if (!found) throw new Error('the starter library has no quoted text among the 50 hottest');
  return found;
}

async function html(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseURL}${path}`);
  return { status: res.status, body: await res.text() };
}

/** The start of a text's heading: an essay's title, a sentence's own words. */
const firstWords = (c: Card) => (c.type === 'essay' && c.title ? c.title : c.summary).split(/\s/)[0]!.slice(0, 8);

describe('pages for search engines and link previews', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it('answers every public route with its content in the HTML, and unknown ids with 404', async () => {
    const text = await newest();
    const classes = await callApi<{ list: { id: number; name: string }[] }>('GET', '/api/v1/pc/classifications/page?pageNum=1&pageSize=5');
    const announcements = await callApi<{ list: { id: number; title: string }[] }>(
      'GET',
      '/api/v1/pc/announcements/page?pageNum=1&pageSize=1',
    );
    const cases: [string, string][] = [
      ['/home', firstWords(text)],
      [`/bellesDetails?id=${text.id}`, firstWords(text)],
      [`/classifyDetails?id=${classes.list[0]!.id}`, classes.list[0]!.name],
      ['/leaderboard', '排行榜'],
      ['/bestWeek', '每周精选'],
      [`/othersInfor?id=${text.author.id}`, text.author.nickname],
      ['/author?name=李白', '李白'],
      ['/agreement', '拾句用户协议'],
      ['/privacy', '拾句隐私政策'],
      ['/bulletinBoard', '公告'],
      ['/aboutOur', '关于拾句'],
      [`/othersRelation?id=${text.author.id}`, text.author.nickname],
    ];
    if (announcements.list[0]) cases.push([`/bulletinDetails?id=${announcements.list[0].id}`, announcements.list[0].title]);
    for (const [path, words] of cases) {
      const res = await html(path);
      expect(res.status, path).toBe(200);
      const root = res.body.slice(res.body.indexOf('<div id="root">'));
      expect(root, path).toContain('<h1');
      expect(root, path).toContain(words);
      expect(res.body, path).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\//);
      expect(res.body, path).toContain('<script type="application/ld+json" data-ssr>');
    }
    // A search answers with its results but stays out of search engines.
    const search = await html('/globalSearch?q=明月');
    expect(search.status).toBe(200);
    expect(search.body.slice(search.body.indexOf('<div id="root">'))).toContain('明月');
    expect(search.body).toContain('<meta name="robots" content="noindex" data-ssr />');
    expect(search.body).not.toContain('<link rel="canonical"');
    for (const path of [
      '/othersRelation?id=2000000000',
      '/bellesDetails?id=2000000000',
      '/classifyDetails?id=2000000000',
      '/othersInfor?id=2000000000',
      '/bulletinDetails?id=x',
      '/author?name=没有这位作者',
    ])
      expect((await html(path)).status, path).toBe(404);
  });

  it('has the app take the pages it draws on the server over in place: the same elements in the same places, no mask', async () => {
    const text = await newest();
    const notice = await callApi<{ list: { id: number }[] }>('GET', '/api/v1/pc/announcements/page?pageNum=1&pageSize=1');
    for (const path of [
      '/home',
      `/bellesDetails?id=${text.id}`,
      `/bellesDetails?id=${(await quoted()).id}`,
      '/author?name=李白',
      '/agreement',
      '/privacy',
      '/classifyDetails',
      '/leaderboard',
      '/bestWeek',
      '/bulletinBoard',
      ...notice.list.map((a) => `/bulletinDetails?id=${a.id}`),
      '/aboutOur',
      `/othersInfor?id=${text.author.id}`,
      `/othersRelation?id=${text.author.id}&type=followers`,
      '/globalSearch?q=明月',
    ]) {
      page = await openPage(browser(), { width: 390, height: 844 });
      // What the server's page looks like before any of the app's code runs, and whether the mask ever shows.
      await page.addInitScript(() => {
        const w = window as unknown as { __main?: Element | null; __boxes?: string[]; __masked?: boolean };
        const boxes = () =>
          [
            ...document.querySelectorAll(
              'main, h1, h2, .hero__lead, .essay-card, .details-text, .action-bar, .author-card, .footer, .tag-rows, .list-toolbar, .discovery-toolbar, .ranked-entry, .best-week__bar, .bulletin-item, .bulletin-article, .profile-card, .person-page__head, .user-row, .tabs__nav, .search-field, .about section',
            ),
          ].map((el) => {
            const r = el.getBoundingClientRect();
            return `${el.className} ${Math.round(r.top + window.scrollY)} ${Math.round(r.left)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          });
        (w as { __boxesOf?: () => string[] }).__boxesOf = boxes;
        document.addEventListener('DOMContentLoaded', () => {
          w.__main = document.querySelector('main');
          w.__boxes = boxes();
          w.__masked = false;
          new MutationObserver(() => {
            if (document.querySelector('.loading-mask.is-visible')) w.__masked = true;
          }).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['class'] });
        });
      });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(path);
      await appRunning(page);
      await page.waitForLoadState('networkidle');
      const after = await page.evaluate(() => {
        const w = window as unknown as { __main?: Element | null; __boxes?: string[]; __masked?: boolean; __boxesOf: () => string[] };
        return { same: document.querySelector('main') === w.__main, before: w.__boxes, now: w.__boxesOf(), masked: w.__masked };
      });
      expect(after.before!.length, path).toBeGreaterThan(3);
      expect(after.now, path).toEqual(after.before);
      expect(after.same, path).toBe(true);
      expect(after.masked, path).toBe(false);
      expect(errors, path).toEqual([]);
      await closePage(page);
      page = undefined;
    }
  });

  it('shows the text to a browser without JavaScript, and the app takes the same page over', async () => {
    const text = await newest();
    page = await openPage(browser(), { javaScript: false });
    await page.goto(`/bellesDetails?id=${text.id}`);
    // The server's <title> names the text after the route's title.
    expect(await page.title()).toBe(`拾句 | 句子详情 · ${textTitle(text)}`);
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toContain(firstWords(text));
    expect(await page.getByRole('link', { name: text.author.nickname }).first().getAttribute('href')).toBe(
      `/othersInfor?id=${text.author.id}`,
    );
    await closePage(page);

    page = await openPage(browser());
    await page.goto(`/bellesDetails?id=${text.id}`);
    await waitForTitle(page, `拾句 | 句子详情 · ${textTitle(text)}`);
    // The app's own page replaces the server's: one h1, inside the app's shell, and the server's copy is gone.
    await page.locator('#root .details-text').waitFor();
    await page.locator('.ssr-holder').waitFor({ state: 'detached' });
    expect(await page.locator('.ssr').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(firstWords(text));
    // The server's description of this text is kept while the reader is on it.
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(text.summary.slice(0, 8));
  });

  it('lists every published text in the sitemaps and serves feeds that parse', async () => {
    const robots = await html('/robots.txt');
    expect(robots.body).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    const index = xml.parse((await html('/sitemap.xml')).body);
    const files: string[] = index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(files[0]).toMatch(/\/sitemaps\/pages\.xml$/);
    const locs: string[] = [];
    for (const file of files) {
      const set = xml.parse(await (await fetch(file)).text()).urlset;
      const urls: string[] = (set.url ?? []).map((u: { loc: string }) => u.loc);
      expect(urls.length).toBeLessThanOrEqual(50_000);
      locs.push(...urls);
    }
    const text = await newest();
    expect(locs.some((l) => l.endsWith(`/bellesDetails?id=${text.id}`))).toBe(true);
    // The starter library's thousands of texts, each once.
    expect(locs.filter((l) => l.includes('/bellesDetails?id=')).length).toBeGreaterThan(1000);
    expect(new Set(locs).size).toBe(locs.length);

    const rss = xml.parse((await html('/feeds/latest.rss')).body).rss.channel;
    expect(rss.item.length).toBe(20);
    expect(rss.item[0].link).toMatch(new RegExp(`/bellesDetails\\?id=${text.id}$`));
    const atom = xml.parse((await html(`/feeds/author-${text.author.id}.atom`)).body).feed;
    expect(atom.entry.length).toBeGreaterThan(0);
    const best = await html('/feeds/best-week.rss');
    expect(best.status).toBe(200);
    expect(xml.parse(best.body).rss.channel.title).toBe('拾句 · 每周精选');
    // Every page links the site's feed in its head.
    page = await openPage(browser());
    await page.goto('/aboutOur');
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').first().getAttribute('href')).toBe('/feeds/latest.rss');
  });
});

describe('the guided tour', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it('shows a first-time visitor the header step by step, once, and opens again from 关于我们', async () => {
    page = await openPage(browser(), { tour: true });
    await page.goto('/home');
    const tour = page.locator('.tour');
    await opened(tour);
    await tour.getByText('分类', { exact: true }).waitFor();
    await tour.getByRole('button', { name: '下一步' }).click();
    await tour.getByText('排行榜', { exact: true }).waitFor();
    await tour.getByRole('button', { name: '上一步' }).click();
    await tour.getByText('分类', { exact: true }).waitFor();
    for (const step of ['排行榜', '搜索', '写句子']) {
      await tour.getByRole('button', { name: '下一步' }).click();
      await tour.getByText(step, { exact: true }).waitFor();
    }
    await tour.getByRole('button', { name: '结束导览' }).click();
    await tour.waitFor({ state: 'hidden' });
    expect(await storage(page, TOUR_SEEN_KEY)).not.toBeNull();

    // Shown once per browser.
    await page.reload();
    await waitForTitle(page, '拾句 | 首页');
    await settled(page);
    expect(await page.locator('.tour').isVisible()).toBe(false);

    await page.goto('/aboutOur');
    // The server's copy of the page shows the button before the app runs; a click on that copy does nothing.
    await settled(page);
    await page.getByRole('button', { name: '重新查看新手引导' }).click();
    await opened(page.locator('.tour'));
    await page.locator('.tour').getByText('分类', { exact: true }).waitFor();
  });

  it('on a phone points at search, the menu and the tab bar', async () => {
    page = await openPage(browser(), { width: 390, height: 844, tour: true });
    await page.goto('/home');
    const tour = page.locator('.tour');
    await opened(tour);
    await tour.getByText('搜索', { exact: true }).waitFor();
    for (const step of ['菜单', '底部导航']) {
      await tour.getByRole('button', { name: '下一步' }).click();
      await tour.getByText(step, { exact: true }).waitFor();
    }
    await tour.getByRole('button', { name: '结束导览' }).click();
    await tour.waitFor({ state: 'hidden' });
  });
});

describe('phone layout and the leaderboard', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it('at 390 px the sidebar boxes and the footer can be reached below the feed', async () => {
    page = await openPage(browser(), { width: 390, height: 844 });
    await page.goto('/home');
    await page.locator('.feed .essay-card').first().waitFor();
    // Scroll down to the end of the feed as a reader does: it loads two more pages by itself, then offers a button.
    const cards = page.locator('.feed .essay-card');
    const more = page.locator('.feed').getByRole('button', { name: '加载更多' });
    for (let loaded = 1; loaded < 3; loaded++) {
      const before = await cards.count();
      await page.locator('.feed .infinite-list__end').scrollIntoViewIfNeeded();
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(before);
    }
    await page.locator('.feed .infinite-list__end').scrollIntoViewIfNeeded();
    await more.waitFor();
    for (const box of ['今日热榜', '公告']) {
      const heading = page.getByRole('heading', { name: box, exact: true });
      await heading.scrollIntoViewIfNeeded();
      expect(await heading.isVisible(), box).toBe(true);
    }
    await page.mouse.wheel(0, 100_000);
    await page.locator('footer.footer').getByText('© 2026 拾句').waitFor();
    expect(await page.locator('footer.footer').isVisible()).toBe(true);
  });

  it('each ranked text says in plain words why it is there, never the score', async () => {
    page = await openPage(browser());
    await page.goto('/leaderboard?period=all');
    await page.locator('.ranked-entry').first().waitFor();
    await settled(page);
    const entries = await page.locator('.ranked-entry').count();
    const reasons = await page.locator('.ranked-entry .rank-reason').allTextContents();
    expect(reasons.length).toBe(entries);
    for (const r of reasons) expect(r).toMatch(/^累计 [\d,.万]+ 人喜欢( · [\d,.万]+ 人读过)?$/);
    expect(await page.locator('main').textContent()).not.toContain('得分');
  });
});

describe('sharing', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it("the share card carries a QR code of the text's address, beside 复制链接 and 分享到微博", async () => {
    const text = await newest();
    page = await openPage(browser());
    await page.goto(`/bellesDetails?id=${text.id}`);
    await page.locator('#root .details-text').waitFor();
    await settled(page);
    await page.getByRole('button', { name: '分享卡片' }).click();
    const dialog = page.getByRole('dialog', { name: '分享卡片' });
    await opened(dialog);
    const img = dialog.locator('img.share-card__img');
    await img.waitFor();
    // The card's lower right part, where the code is drawn (above the watermark band of an original), read back as pixels.
    const corner = await img.evaluate(async (el: HTMLImageElement) => {
      await el.decode();
      const w = 500;
      const h = Math.min(el.naturalHeight, 800);
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(el, el.naturalWidth - w, el.naturalHeight - h, w, h, 0, 0, w, h);
      return { w, h, data: Array.from(ctx.getImageData(0, 0, w, h).data) };
    });
    const code = jsQR(Uint8ClampedArray.from(corner.data), corner.w, corner.h);
    expect(code?.data).toBe(`${baseURL}/bellesDetails?id=${text.id}`);

    const weibo = dialog.getByRole('link', { name: '分享到微博' });
    const href = new URL((await weibo.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://service.weibo.com/share/share.php');
    expect(href.searchParams.get('url')).toBe(`${baseURL}/bellesDetails?id=${text.id}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: '复制链接' }).click();
    await page.getByText('链接已复制，快去分享吧').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/bellesDetails?id=${text.id}`);
  });
});

describe('writing', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it("the browser's Back button asks before leaving unsaved words", async () => {
    const account = await registerUser('back', '回退者');
    page = await openPage(browser());
    await signInAs(page, account);
    await page.goto('/home');
    await waitForTitle(page, '拾句 | 首页');
    await settled(page);
    await page.locator('.header__desktop').getByRole('button', { name: '写句子' }).click();
    await waitForPath(page, '/editorialEssay');
    const words = page.getByPlaceholder('写下打动你的一句话…');
    await words.fill('还没写完的一句');
    await page.evaluate(() => history.back());
    const dialog = page.getByRole('dialog');
    await dialog.getByText('离开此页？').waitFor();
    await dialog.getByRole('button', { name: '继续编辑' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/editorialEssay');
    expect(await words.inputValue()).toBe('还没写完的一句');
    await page.evaluate(() => history.back());
    await dialog.getByText('离开此页？').waitFor();
    await dialog.getByRole('button', { name: '离开' }).click();
    await waitForPath(page, '/home');
  });

  it('a new account is invited to pick interests', async () => {
    page = await openPage(browser());
    await page.goto('/authentication');
    await page.getByRole('tab', { name: '注册' }).click();
    const form = page.locator('form#signUp');
    await form.getByLabel('用户名').fill(uniqueUsername('invite'));
    await form.getByLabel('密码').fill('chunfeng2026');
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await form.getByRole('button', { name: '注册并登录' }).click();
    await waitForPath(page, '/home');
    const invite = page.locator('.ant-notification-notice', { hasText: '选几个感兴趣的话题吧' });
    await invite.waitFor();
    // Clicked once the page's start-up calls are done, so no navigation they cause can overtake this one.
    await settled(page);
    await invite.getByRole('button', { name: '去选择兴趣' }).click();
    await waitForPath(page, '/myInterest');
  });
});
