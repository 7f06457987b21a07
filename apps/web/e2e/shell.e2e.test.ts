import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { appRunning, closePage, envelope, opened, openPage, settled, useBrowser, waitForTitle } from './helpers.js';

const THEME_CALL = /\/api\/v1\/pc\/theme(\?|$)/;

function themeBody(layout: Record<string, unknown>): string {
  return envelope({ type: 0, layoutVoList: JSON.stringify(layout) });
}

describe('start-up and shell', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  it('applies the server theme: stored layoutVoList, accent colour, active menu colour', async () => {
    page = await openPage(browser());
    const layout = { backgroundImg: '', color: '#1f6f5c', activeMenu: '#aa2233', grey: 0 };
    await page.route(THEME_CALL, (route) => route.fulfill({ contentType: 'application/json', body: themeBody(layout) }));
    await page.goto('/home');
    await page.waitForFunction(() => localStorage.getItem('layoutVoList') !== null);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('layoutVoList')))!)).toEqual(layout);
    const active = page.locator('.header__desktop .nav__item.is-active');
    await expect.poll(() => active.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(170, 34, 51)');
    expect(await active.textContent()).toBe('首页');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()))
      .toBe('#1f6f5c');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('none');
  });

  it('grey = 1 turns the whole page grey-scale', async () => {
    page = await openPage(browser());
    await page.route(THEME_CALL, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: themeBody({ backgroundImg: '', color: '#8b5e3c', activeMenu: '#c0392b', grey: 1 }),
      }),
    );
    await page.goto('/home');
    // The server's page is painted in the site's own theme; the grey one arrives with the app's theme call, which
    // the app stores as it applies it. Until then the page has every right to be in colour.
    await page.waitForFunction(() => localStorage.getItem('layoutVoList') !== null);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('grayscale(1)');
  });

  it('a visitor pings activity once per browser session', async () => {
    page = await openPage(browser());
    let pings = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/pc/pc-users/userActive') && r.method() === 'POST') pings++;
    });
    await page.goto('/home');
    await page.waitForFunction(() => sessionStorage.getItem('isRefresh') !== null);
    await page.reload();
    await waitForTitle(page, '拾句 | 首页');
    await page.waitForLoadState('networkidle');
    expect(pings).toBe(1);
  });

  it('shows the 加载中 mask while a call runs and fades it out after', async () => {
    page = await openPage(browser());
    // A page the app draws itself (首页 and a text's page arrive drawn by the server, with their answers).
    await page.goto('/aboutOur');
    await appRunning(page);
    await settled(page);
    await page.route(/\/api\/v1\/pc\/classifications\/page/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const asked = page.waitForRequest(/\/api\/v1\/pc\/classifications\/page/);
    await page.locator('.header__desktop').getByRole('link', { name: '分类' }).click();
    await asked;
    const shown = page.locator('.loading-mask.is-visible');
    await shown.getByText('加载中').waitFor({ state: 'visible' });
    expect(await shown.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.4s');
    // The answer arrives: the mask starts fading, then is gone.
    await shown.waitFor({ state: 'detached', timeout: 10_000 });
    await page.locator('.loading-mask').waitFor({ state: 'hidden' });
    await page.locator('.chips .chip').first().waitFor();
  });

  it('loads the unread count quietly (no mask) and shows it on the bell', async () => {
    page = await openPage(browser());
    await page.addInitScript(() => {
      localStorage.setItem('accessToken', 'token-for-the-bell');
      localStorage.setItem('userInfo', JSON.stringify({ id: 1, username: 'bell', nickname: '铃', avatar: null, role: 'user', bio: '' }));
    });
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/app\/app-users\/message$/, async (route) => {
      await gate;
      await route.fulfill({ contentType: 'application/json', body: envelope({ total: 3, byType: { like: 3 } }) });
    });
    const asked = page.waitForRequest(/\/api\/app\/app-users\/message$/);
    await page.goto('/aboutOur');
    await asked;
    // Everything else has answered; the pending unread count does not hold the mask up. (The server's copy of the
    // page, kept on screen while a signed-in reader's app draws behind it, carries a mask element of its own.)
    await expect.poll(() => page!.locator('.loading-mask.is-visible').count()).toBe(0);
    release();
    await page.locator('.header__desktop a[href="/myInform"] .badge').getByText('3').waitFor();
  });

  it('loads the sidebar ads (position 5) without the mask', async () => {
    page = await openPage(browser());
    // Reached inside the app: 首页 opened directly arrives with its ads already drawn by the server.
    await page.goto('/aboutOur');
    await appRunning(page);
    await settled(page);
    await page.route(/\/api\/v1\/pc\/ads\/list\/5$/, () => new Promise(() => {}));
    const asked = page.waitForRequest(/\/api\/v1\/pc\/ads\/list\/5$/);
    await page.locator('.header__desktop').getByRole('link', { name: '首页' }).click();
    await asked;
    await page.locator('.chips .chip').first().waitFor();
    await page.locator('.loading-mask').waitFor({ state: 'hidden' });
  });

  it('keeps the header in a drawer on phones', async () => {
    page = await openPage(browser(), { width: 375, height: 812 });
    await page.goto('/home');
    await waitForTitle(page, '拾句 | 首页');
    await appRunning(page);
    expect(await page.locator('.header__desktop').isVisible()).toBe(false);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('.header-drawer');
    await drawer.getByRole('link', { name: '排行榜' }).click();
    await waitForTitle(page, '拾句 | 排行榜');
  });

  it('asks a visitor to sign in before writing, then goes to sign-in with a way back', async () => {
    page = await openPage(browser());
    await page.goto('/home');
    await waitForTitle(page, '拾句 | 首页');
    const write = page.locator('.header__desktop').getByRole('button', { name: '写句子' });
    const dialog = page.getByRole('dialog');
    // Cancelled, then closed (Esc): the visitor stays where they were.
    await settled(page);
    await write.click();
    await opened(dialog);
    await dialog.getByRole('button', { name: '再看看' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await write.click();
    await opened(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/home');
    // Confirmed: off to sign in, with the way back.
    await write.click();
    await opened(dialog);
    await dialog.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL((u) => u.pathname === '/authentication' && u.searchParams.get('redirect') === '/editorialEssay');
  });

  it('searches from the header with Enter', async () => {
    page = await openPage(browser());
    await page.goto('/home');
    await waitForTitle(page, '拾句 | 首页');
    const box = page.locator('.header__desktop').getByPlaceholder('搜索句子、美文、作者');
    await box.fill('明月');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/globalSearch' && u.searchParams.get('q') === '明月');
    await waitForTitle(page, '拾句 | 搜索');
  });

  it('keeps /classifyDetails alive: state and scroll survive a visit elsewhere', async () => {
    page = await openPage(browser(), { width: 1280, height: 700 });
    // The second classification: a hidden page that read the address now showing (no id there) would fall back
    // to the first one and lose what was chosen.
    await page.goto('/classifyDetails');
    // The tab names the classification shown (the first one, without an id).
    await expect.poll(() => page.title()).toMatch(/^拾句 \| 分类详情 · /);
    // The server drew the page: the app takes it over before it is worked with.
    await settled(page);
    const banner = page.locator('.classify-banner__name');
    const first = await banner.textContent();
    await page.locator('.classify-nav a').nth(1).click();
    await expect.poll(() => banner.textContent()).not.toBe(first);
    const name = await banner.textContent();
    await page.getByText('最多喜欢').click();
    await page.locator('.loading-mask').waitFor({ state: 'hidden' });
    await page.locator('.essay-card').nth(5).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);

    await page.locator('.header__desktop').getByRole('link', { name: '排行榜' }).click();
    await waitForTitle(page, '拾句 | 排行榜');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await waitForTitle(page, `拾句 | 分类详情 · ${name}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    const selected = page.getByRole('radiogroup', { name: '排序' }).getByRole('radio', { checked: true });
    expect(await selected.textContent()).toBe('最多喜欢');
    expect(await banner.textContent()).toBe(name);
  });
});
