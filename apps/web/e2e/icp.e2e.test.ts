/**
 * The ICP 备案号 (ICP_BEIAN): with it, every page's footer shows the line linking to the MIIT's register — in the
 * server's first paint of the pages it draws, taken over by the app as drawn — and a phone reaches it from the drawer
 * and 我的; without it, no such line anywhere.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ICP_REGISTER } from '@shiju/contract/pages';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type Account } from './essay-helpers.js';
import { appRunning, baseURL, closePage, openPage, uniqueUsername, useBrowser } from './helpers.js';
import { startServer, type RunningServer } from './server.js';

const ICP = '京ICP备12345678号-1';
const PHONE = { width: 390, height: 844 };

/** Console errors and uncaught exceptions of a page (a hydration mismatch is one). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const icpLink = (scope: Locator) => scope.getByRole('link', { name: ICP });

describe('ICP 备案号 configured', () => {
  // A server of this journey's own, started with ICP_BEIAN (the suite's server has none).
  const browser = useBrowser();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-e2e-icp-'));
  let server: RunningServer | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SEED_ON_START: 'false', ICP_BEIAN: ICP });
  });
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is in the footer from the first paint of a page the server draws, and stays as the app takes it over', async () => {
    const html = await (await fetch(`${server!.baseURL}/agreement`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`<p class="footer__icp"><a href="${ICP_REGISTER}" target="_blank" rel="noopener noreferrer">${ICP}</a></p>`);

    page = await openPage(browser(), { baseURL: server!.baseURL, width: 1440, height: 900 });
    const errors = errorsOf(page);
    // The line as the server drew it, before any of the app's code runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __icp?: Element | null }).__icp = document.querySelector('.footer__icp a');
      });
    });
    await page.goto('/agreement');
    await appRunning(page);
    await page.waitForLoadState('networkidle');
    const footer = page.locator('footer.footer');
    expect(await icpLink(footer).getAttribute('href')).toBe(ICP_REGISTER);
    expect(await icpLink(footer).getAttribute('target')).toBe('_blank');
    expect(
      await page.evaluate(() => (window as unknown as { __icp?: Element | null }).__icp === document.querySelector('.footer__icp a')),
    ).toBe(true);
    expect(errors).toEqual([]);

    // A page only the app draws shows it too, once the app has started.
    await page.goto('/authentication');
    await appRunning(page);
    await icpLink(page.locator('footer.footer')).waitFor();
  });

  it('is reached on a phone from the drawer and from 我的', async () => {
    page = await openPage(browser(), { baseURL: server!.baseURL, ...PHONE });
    await page.goto('/agreement');
    await appRunning(page);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('.header-drawer').getByRole('navigation', { name: '关于拾句' });
    await icpLink(drawer).waitFor();
    expect(await icpLink(drawer).getAttribute('href')).toBe(ICP_REGISTER);
    await closePage(page);

    const username = uniqueUsername('icp');
    const res = await fetch(`${server!.baseURL}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'mingyue2026', nickname: '备案读者', agree: true }),
    });
    const body = (await res.json()) as { code: string; data: { accessToken: string; userInfo: Account['userInfo'] } };
    expect(body.code).toBe('00000');
    page = await openPage(browser(), { baseURL: server!.baseURL, ...PHONE });
    await signInAs(page, { username, password: 'mingyue2026', nickname: '备案读者', ...body.data });
    await page.goto('/space');
    await appRunning(page);
    const mine = page.locator('main').getByRole('navigation', { name: '关于拾句' });
    await icpLink(mine).scrollIntoViewIfNeeded();
    expect(await icpLink(mine).isVisible()).toBe(true);
    expect(await icpLink(mine).getAttribute('href')).toBe(ICP_REGISTER);
  });
});

describe('ICP 备案号 not configured', () => {
  const browser = useBrowser();
  let page: Page | undefined;
  afterEach(async () => {
    if (page) await closePage(page);
    page = undefined;
  });

  it('shows no such line in the footer, the drawer or the server’s page', async () => {
    const html = await (await fetch(`${baseURL}/agreement`)).text();
    expect(html).not.toContain('footer__icp');
    expect(html).not.toContain(ICP_REGISTER);

    page = await openPage(browser(), PHONE);
    await page.goto('/agreement');
    await appRunning(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.footer__icp').count()).toBe(0);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('.header-drawer').getByRole('navigation', { name: '关于拾句' });
    await drawer.getByRole('link', { name: '关于我们' }).waitFor();
    expect(await drawer.locator(`a[href="${ICP_REGISTER}"]`).count()).toBe(0);
    expect(await page.locator(`a[href="${ICP_REGISTER}"]`).count()).toBe(0);
  });
});
