import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { AGREEMENT_VERSION } from '@shiju/contract/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerUser, signInAs, type Account } from './essay-helpers.js';
import { publishText } from './factories.js';
import {
  appRunning,
  chooseFromUserMenu,
  closePage,
  opened,
  openPage,
  settled,
  uniqueUsername,
  useBrowser,
  waitForPath,
  waitForTitle,
} from './helpers.js';
import { startServer, type RunningServer } from './server.js';

const browser = useBrowser();

/** The visible panel of the home feed's tabs. */
/** The shown tab's panel (only the shown one is drawn). */
const feedPanel = (page: Page) => page.locator('.feed [role="tabpanel"]');

describe('关注 and 拉黑', () => {
  let page: Page;
  let reader: Account;
  let poet: Account;
  const words = `关注流里的新句子 ${Date.now().toString(36)}`;

  beforeAll(async () => {
    poet = await registerUser('poet', '山中诗人');
    reader = await registerUser('fan', '追更读者');
    page = await openPage(browser());
    await signInAs(page, reader);
  });
  afterAll(async () => closePage(page));

  it('an empty 关注 tab suggests people to follow', async () => {
    await publishText(poet, { content: '先写一句，好让人发现我' });
    await page.goto('/home?tab=following');
    await waitForTitle(page, '拾句 | 首页');
    await settled(page);
    await feedPanel(page).getByText('你还没有关注任何人').waitFor();
    await feedPanel(page).getByRole('region', { name: '推荐关注' }).waitFor();
  });

  it('follows someone and sees their new text under 关注', async () => {
    await page.goto(`/othersInfor?id=${poet.userInfo.id}`);
    await page.getByRole('heading', { name: poet.nickname }).waitFor();
    // The server's copy is a visitor's: the reader's own page (their 关注 button) replaces it.
    await appRunning(page);
    await page.getByRole('button', { name: '关注', exact: true }).click();
    await page.getByRole('button', { name: '已关注' }).waitFor();

    await publishText(poet, { content: words });
    await page.goto('/home?tab=following');
    await settled(page);
    await feedPanel(page).getByText(words).waitFor();
    // Only the people followed: a text of someone else is not there.
    expect(await feedPanel(page).locator('.essay-card').count()).toBe(2);
  });

  it('blocks them from their profile: the text disappears from 关注 and 最新, and they are in the blocked list', async () => {
    await page.goto(`/othersInfor?id=${poet.userInfo.id}`);
    await page.getByRole('heading', { name: poet.nickname }).waitFor();
    await page.getByRole('button', { name: '拉黑' }).click();
    const dialog = page.getByRole('dialog', { name: `拉黑“${poet.nickname}”？` });
    await opened(dialog);
    await dialog.getByRole('button', { name: '拉黑' }).click();
    await page.getByRole('button', { name: '解除拉黑' }).waitFor();
    // The follow ended with the block.
    expect(await page.getByRole('button', { name: '已关注' }).count()).toBe(0);

    await page.goto('/home?tab=following');
    await settled(page);
    await feedPanel(page).getByText('你还没有关注任何人').waitFor();
    expect(await page.getByText(words).count()).toBe(0);
    // (The server's copy of 首页 is a visitor's; the reader's own comes with the app.)
    await page.goto('/home');
    await settled(page);
    await feedPanel(page).locator('.essay-card').first().waitFor();
    expect(await feedPanel(page).getByText(words).count()).toBe(0);

    await page.goto('/space?tab=settings');
    await settled(page);
    const blocked = page.locator('.settings-block', { hasText: '黑名单' });
    await blocked.getByText(poet.nickname).waitFor();
    await blocked.getByRole('button', { name: '解除拉黑' }).click();
    await blocked.getByText('黑名单是空的。').waitFor();
    await page.goto('/home');
    await settled(page);
    await feedPanel(page).getByText(words).waitFor();
  });
});

describe('注销账号', () => {
  let page: Page;
  let leaver: Account;

  beforeAll(async () => {
    leaver = await registerUser('leaver', '想离开的人');
    page = await openPage(browser());
    await signInAs(page, leaver);
  });
  afterAll(async () => closePage(page));

  it('asks with the password, shows the date on every page, and can be cancelled', async () => {
    await page.goto('/space?tab=settings');
    await settled(page);
    const block = page.locator('.settings-block', { hasText: '注销账号' });
    await block.getByLabel('当前密码').fill('wrong-password-1');
    await block.getByRole('button', { name: '申请注销' }).click();
    const confirm = page.getByRole('dialog', { name: '确定注销账号？' });
    await opened(confirm);
    await confirm.getByRole('button', { name: '申请注销' }).click();
    await block.getByText('密码不正确').waitFor();

    await block.getByText('一并删除').click();
    await block.getByLabel('当前密码').fill(leaver.password);
    await block.getByRole('button', { name: '申请注销' }).click();
    const again = page.getByRole('dialog', { name: '确定注销账号？' });
    await opened(again);
    await again.getByText('作品和评论一并删除').waitFor();
    await again.getByRole('button', { name: '申请注销' }).click();

    const banner = page.locator('.deletion-banner');
    await banner.getByText('你已申请注销账号').waitFor();
    const me = await callApi<{ deletionDueAt: string }>('GET', '/api/v1/users/me', undefined, leaver.accessToken);
    const days = (new Date(me.deletionDueAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(15);
    // Every page shows it (moving inside the app: signInAs re-stores the first userInfo on each page load).
    await page.getByRole('link', { name: '拾句 首页' }).click();
    await waitForPath(page, '/home');
    await banner.getByText('你已申请注销账号').waitFor();

    await banner.getByRole('button', { name: '撤销注销' }).click();
    await banner.waitFor({ state: 'detached' });
    const after = await callApi<{ deletionDueAt: string | null }>('GET', '/api/v1/users/me', undefined, leaver.accessToken);
    expect(after.deletionDueAt).toBeNull();
  });
});

describe('协议更新后重新同意', () => {
  // A new version of 用户协议 and 隐私政策 is a new release (AGREEMENT_VERSION in the contract): this journey runs a
  // server of its own and puts it through that release. Its user signed up and accepted under the previous release;
  // what that release left behind is the version it recorded, both in the database and in the browser's storage.
  const PREVIOUS_VERSION = '2026-01-01';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-e2e-consent-'));
  const settings = { DATA_DIR: dataDir, SEED_ON_START: 'false' };
  let server: RunningServer | undefined;
  let page: Page;
  let account: Account;

  const me = async () => {
    const res = await fetch(`${server!.baseURL}/api/v1/users/me`, { headers: { authorization: `Bearer ${account.accessToken}` } });
    return ((await res.json()) as { data: { agreementVersion: string | null } }).data;
  };

  beforeAll(async () => {
    expect(PREVIOUS_VERSION < AGREEMENT_VERSION).toBe(true);
    server = await startServer(settings);
    const username = uniqueUsername('consent');
    const res = await fetch(`${server.baseURL}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'mingyue2026', nickname: '老用户', agree: true }),
    });
    const body = (await res.json()) as { code: string; data: { accessToken: string; userInfo: Account['userInfo'] } };
    expect(body.code).toBe('00000');
    account = { username, password: 'mingyue2026', nickname: '老用户', ...body.data };
    // The release changes: the server stops, and the user's acceptance is of the previous version.
    await server.stop();
    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    const accepted = await db.query(
      `update users set agreement_version = $1, agreement_accepted_at = '2026-01-01T08:00:00Z' where id = $2`,
      [PREVIOUS_VERSION, account.userInfo.id],
    );
    // The sign-up was kept by the stopped server (it closes its database on SIGTERM).
    expect(accepted.affectedRows).toBe(1);
    await db.close();
    server = await startServer(settings);
    page = await openPage(browser(), { baseURL: server.baseURL });
    // Still signed in from before, with what the previous release stored in the browser.
    const previous = { ...account.userInfo, agreementVersion: PREVIOUS_VERSION };
    await signInAs(page, { ...account, userInfo: previous });
    // Two starts of a server, each bounded by startServer's own wait for its health (a hang detector), and a stop: the
    // hook's limit is above their sum, so only a hang ends it.
  }, 300_000);
  afterAll(async () => {
    if (page) await closePage(page);
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks a signed-in user to accept the new version, records it, and lets them continue', async () => {
    expect((await me()).agreementVersion).toBe(PREVIOUS_VERSION);
    await page.goto('/home');
    const ask = page.getByRole('dialog', { name: '用户协议和隐私政策已更新' });
    await opened(ask);
    await ask.getByText(`版本 ${AGREEMENT_VERSION}`).waitFor();
    expect(await ask.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe('/agreement');
    expect(await ask.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/privacy');

    await ask.getByRole('button', { name: '同意并继续' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect((await me()).agreementVersion).toBe(AGREEMENT_VERSION);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { agreementVersion?: string });
    expect(stored.agreementVersion).toBe(AGREEMENT_VERSION);

    // They carry on where they were: their own space opens, signed in.
    await chooseFromUserMenu(page, '个人中心');
    await waitForTitle(page, '拾句 | 个人中心');
    await page.locator('.profile__handle').getByText(`@${account.username}`).waitFor();
    // Asked once: on a fresh load the browser's copy is the old one again, so the app asks the server, takes its
    // answer (the version just accepted) into storage, and does not ask again.
    await page.goto('/home');
    await waitForTitle(page, '拾句 | 首页');
    await page.waitForFunction(
      (v) => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { agreementVersion?: string }).agreementVersion === v,
      AGREEMENT_VERSION,
    );
    await settled(page);
    expect(await page.getByRole('dialog', { name: '用户协议和隐私政策已更新' }).count()).toBe(0);
  });
});
