import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeIn, savedMails, type Received } from '../../server/test/mailbox.js';
import { callApi, signInAs, type Account } from './essay-helpers.js';
import { closePage, openPage, settled, storage, useBrowser, waitForPath, waitForTitle } from './helpers.js';

const browser = useBrowser();
const mailDir = inject('mailDir');
const DEMO = { username: 'demo_reader', password: 'shiju2026' };

/** The newest mail to `to` once more than `after` have arrived. */
async function mailTo(to: string, after = 0): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      () => {
        const mine = savedMails(mailDir).filter((m) => m.to.includes(to));
        found = mine.length > after ? mine[mine.length - 1] : undefined;
        return !!found;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

describe('email binding and password recovery', () => {
  let page: Page;
  let account: Account;
  const email = `reader${Date.now().toString(36)}@example.com`;
  const newPassword = 'xinmima-2026';

  beforeAll(async () => {
    // A demo account no other journey uses, signed in rather than registered: the whole suite signs up from one
    // address and stays under the per-IP sign-up limit (20 in 10 minutes).
    const session = await callApi<{ accessToken: string; userInfo: Account['userInfo'] }>('POST', '/api/v1/auth/login', DEMO);
    account = { ...DEMO, nickname: session.userInfo.nickname, ...session };
    page = await openPage(browser());
    await signInAs(page, account);
  });
  afterAll(async () => closePage(page));

  it('binds an email with the mailed code', async () => {
    await page.goto('/space?tab=settings');
    await settled(page);
    const block = page.locator('.settings-block', { hasText: '绑定邮箱后' });
    await block.getByText('还没有绑定邮箱。').waitFor();
    await block.getByLabel('邮箱').fill(email);
    await block.getByRole('button', { name: '发送验证码' }).click();
    await block.getByRole('button', { name: /秒后可重发/ }).waitFor();
    const mail = await mailTo(email);
    await block.getByLabel('验证码').fill(codeIn(mail));
    await block.getByRole('button', { name: '绑定邮箱' }).click();
    await block.getByText(`当前绑定：${email}`).waitFor();
    const me = await callApi<{ email: string | null }>('GET', '/api/v1/users/me', undefined, account.accessToken);
    expect(me.email).toBe(email);
  });

  it('resets a forgotten password with the mailed code, then signs in with the new one', async () => {
    const before = savedMails(mailDir).filter((m) => m.to.includes(email)).length;
    const visitor = await openPage(browser());
    try {
      await visitor.goto('/authentication');
      await waitForTitle(visitor, '拾句 | 登录 / 注册');
      await visitor.getByRole('link', { name: '忘记密码？' }).click();
      const form = visitor.locator('form#resetPassword');
      await form.getByLabel('用户名或绑定的邮箱').fill(account.username);
      await form.getByRole('button', { name: '发送验证码' }).click();
      await form.getByText(`如果“${account.username}”绑定了邮箱`).waitFor();
      const mail = await mailTo(email, before);
      expect(mail.subject).toContain('重设密码');
      await form.getByLabel('验证码').fill(codeIn(mail));
      await form.getByLabel('新密码').fill(newPassword);
      await form.getByRole('button', { name: '重设密码' }).click();
      await visitor.getByText('密码已重设，请用新密码登录').waitFor();

      const signIn = visitor.locator('form#signIn');
      await signIn.getByLabel('用户名').fill(account.username);
      await signIn.getByLabel('密码').fill(newPassword);
      await signIn.getByRole('button', { name: '登录' }).click();
      await waitForPath(visitor, '/home');
      expect(await storage(visitor, 'accessToken')).toBeTruthy();
    } finally {
      await closePage(visitor);
    }
    // The reset ended every earlier session, the first page's included.
    await expect(callApi('GET', '/api/v1/users/me', undefined, account.accessToken)).rejects.toThrow(/A0230/);
  });
});
