import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appRunning,
  chooseFromUserMenu,
  closePage,
  openPage,
  NOT_OPEN_TOAST,
  SIGNED_OUT_TOAST,
  storage,
  uniqueUsername,
  useBrowser,
  waitForPath,
  waitForTitle,
  waitForToast,
} from './helpers.js';

describe('sign-up, sign-in, sign-out', () => {
  const browser = useBrowser();
  let page: Page;
  const username = uniqueUsername('reader');
  const password = 'qingfeng2026';
  const nickname = '清风读者';

  beforeAll(async () => {
    page = await openPage(browser());
  });
  afterAll(async () => closePage(page));

  const signUpTab = () => page.getByRole('tab', { name: '注册' });
  const signUpForm = () => page.locator('form#signUp');
  const signInForm = () => page.locator('form#signIn');

  it('checks the sign-up fields like the server does', async () => {
    await page.goto('/authentication');
    await waitForTitle(page, '拾句 | 登录 / 注册');
    await signUpTab().click();
    await signUpForm().getByLabel('用户名').fill('a b');
    await signUpForm().getByLabel('密码').fill('12345678');
    await signUpForm().getByRole('button', { name: '注册并登录' }).click();
    await page.getByText('用户名只能包含字母、数字和下划线').waitFor();
    await page.getByText('密码不能全是数字').waitFor();
    await signUpForm().getByLabel('用户名').fill('ab');
    await page.getByText('用户名至少 3 个字符').waitFor();
  });

  it('signs up through the form and comes back signed in', async () => {
    await page.goto('/authentication?redirect=%2FaboutOur');
    await signUpTab().click();
    await signUpForm().getByLabel('用户名').fill(username);
    await signUpForm().getByLabel('昵称（选填）').fill(nickname);
    await signUpForm().getByLabel('密码').fill(password);
    // Not without consent: the agreement and privacy policy are linked, and the box must be ticked.
    expect(await signUpForm().getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe('/agreement');
    expect(await signUpForm().getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy');
    await signUpForm().getByRole('button', { name: '注册并登录' }).click();
    await signUpForm().getByText('请先阅读并同意用户协议和隐私政策').waitFor();
    expect(new URL(page.url()).pathname).toBe('/authentication');
    expect(await storage(page, 'accessToken')).toBeNull();
    await signUpForm()
      .getByRole('checkbox', { name: /我已阅读并同意/ })
      .check();
    await signUpForm().getByRole('button', { name: '注册并登录' }).click();
    await waitForPath(page, '/aboutOur');
    await page.locator('.user-menu').getByText(nickname).waitFor();
    // Calls of later releases (the unread count) stay quiet: no 暂未开放 toast.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(NOT_OPEN_TOAST).count()).toBe(0);
    expect(await storage(page, 'accessToken')).toBeTruthy();
    expect(JSON.parse((await storage(page, 'userInfo'))!)).toMatchObject({ username, nickname });
    // A signed-in user's activity ping is stamped with today's date.
    await expect.poll(() => storage(page, 'operationTime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('signs out from the avatar menu', async () => {
    await chooseFromUserMenu(page, '退出登录');
    await waitForPath(page, '/home');
    await page.locator('.header__desktop').getByRole('button', { name: '登录/注册' }).waitFor();
    expect(await storage(page, 'accessToken')).toBeNull();
    expect(await storage(page, 'userInfo')).toBeNull();
  });

  it('tells a wrong password apart', async () => {
    await page.goto('/authentication');
    await signInForm().getByLabel('用户名').fill(username);
    await signInForm().getByLabel('密码').fill('not-the-password');
    await signInForm().getByRole('button', { name: '登录' }).click();
    await page.getByText('用户名或密码错误').waitFor();
    expect(await storage(page, 'accessToken')).toBeNull();
  });

  it('signs in through the header button and returns to the page it came from', async () => {
    await page.goto('/leaderboard');
    await waitForTitle(page, '拾句 | 排行榜');
    // The server drew the page: its header's buttons answer once the app has taken it over.
    await appRunning(page);
    await page.locator('.header__desktop').getByRole('button', { name: '登录/注册' }).click();
    await page.waitForURL((u) => u.pathname === '/authentication' && u.searchParams.get('redirect') === '/leaderboard');
    await signInForm().getByLabel('用户名').fill(username);
    await signInForm().getByLabel('密码').fill(password);
    await signInForm().getByRole('button', { name: '登录' }).click();
    await waitForPath(page, '/leaderboard');
    await page.locator('.user-menu').getByText(nickname).waitFor();

    // 个人中心 shows the account from users/me.
    await chooseFromUserMenu(page, '个人中心');
    await waitForTitle(page, '拾句 | 个人中心');
    await page.locator('.profile__handle').getByText(`@${username}`).waitFor();
  });
});

describe('an expired session', () => {
  const browser = useBrowser();
  let page: Page;
  beforeAll(async () => {
    page = await openPage(browser());
  });
  afterAll(async () => closePage(page));

  it('clears storage, says so and goes home (A0230)', async () => {
    await page.goto('/aboutOur');
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired-or-forged-token');
      localStorage.setItem(
        'userInfo',
        JSON.stringify({ id: 999999, username: 'ghost', nickname: '过期的人', avatar: null, role: 'user', bio: '' }),
      );
    });
    await page.goto('/space');
    await waitForToast(page, SIGNED_OUT_TOAST);
    await waitForPath(page, '/home');
    expect(await storage(page, 'accessToken')).toBeNull();
    expect(await storage(page, 'userInfo')).toBeNull();
    await page.locator('.header__desktop').getByRole('button', { name: '登录/注册' }).waitFor();
  });
});
