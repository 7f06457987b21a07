import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerUser, signInAs } from './essay-helpers.js';
import { publishText, signInAdmin } from './factories.js';
import {
  chooseFromUserMenu,
  closePage,
  opened,
  openPage,
  settled,
  useBrowser,
  waitForPath,
  waitForTitle,
  waitForToast,
} from './helpers.js';

async function openConsole(page: Page, section: string, label: string): Promise<void> {
  await page.goto(`/admin/${section}`);
  await waitForTitle(page, '拾句 | 管理后台');
  await page.locator('.admin__title', { hasText: label }).waitFor();
  await settled(page);
}

/** The table row holding `text`, once the console's list has it. */
async function rowWith(page: Page, text: string): Promise<Locator> {
  const row = page.locator('.ant-table-row', { hasText: text });
  await row.waitFor();
  return row;
}

async function dialogNamed(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await opened(dialog);
  return dialog;
}

describe("the editor's console", () => {
  const browser = useBrowser();
  const pages: Page[] = [];
  const fresh = async () => {
    const p = await openPage(browser());
    pages.push(p);
    return p;
  };
  let themeBefore: unknown;
  beforeAll(async () => {
    themeBefore = JSON.parse((await callApi<{ layoutVoList: string }>('GET', '/api/v1/pc/theme?type=0')).layoutVoList);
  });
  afterAll(async () => {
    for (const p of pages) await closePage(p);
    // Other journeys share this server: leave the site as it was (in colour).
    const admin = await signInAdmin();
    await callApi('PUT', '/api/v1/admin/theme', themeBefore, admin.accessToken);
  });

  it("is a 404 page for a signed-in reader, and its link shows only in an admin's avatar menu", async () => {
    const reader = await registerUser('e2e_nadm', '好奇的读者');
    const page = await fresh();
    await signInAs(page, reader);
    await page.goto('/admin/review');
    await page.getByRole('heading', { name: '这一页没有找到' }).waitFor();
    expect(await page.locator('.admin').count()).toBe(0);
    await page.getByRole('button', { name: '我的账户' }).click();
    await page.getByRole('menuitem', { name: '我的订单' }).waitFor();
    expect(await page.getByRole('menuitem', { name: '管理后台' }).count()).toBe(0);

    const adminPage = await fresh();
    await signInAs(adminPage, await signInAdmin());
    await adminPage.goto('/home');
    await settled(adminPage);
    await chooseFromUserMenu(adminPage, '管理后台');
    await adminPage.locator('.admin__title', { hasText: '概览' }).waitFor();
    expect(new URL(adminPage.url()).pathname).toBe('/admin/dashboard');
  });

  it('approves a text held for review; the author finds it published and a system message saying so', async () => {
    const author = await registerUser('e2e_rev', '待审的作者');
    const words = `街角有人在发刷单兼职的传单 ${Date.now().toString(36)}`;
    const essay = await publishText(author, { content: words });
    expect(essay.status).toBe('pending');

    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'review', '审核');
    const row = await rowWith(admin, words);
    // The word that held it back is marked in the text and named beside it.
    expect(await row.locator('mark', { hasText: '刷单兼职' }).count()).toBeGreaterThan(0);
    await row.getByRole('button', { name: '通过' }).click();
    await admin.getByText('已通过，作品已公开').waitFor();
    await row.waitFor({ state: 'detached' });

    const page = await fresh();
    await signInAs(page, author);
    await page.goto(`/bellesDetails?id=${essay.id}`);
    await page.locator('.details-text__sentence', { hasText: words }).waitFor();
    // Published: the reactions are there and no 待审核 note.
    await page.locator('.action-bar__main').waitFor();
    expect(await page.locator('.details__status').count()).toBe(0);

    await page.goto('/myInform?type=system');
    const message = page.locator('.message[data-type="system"]', { hasText: '已通过审核并发布' });
    await message.waitFor();
    expect(await message.textContent()).toContain(words.slice(0, 8));
  });

  it('a reader reports a comment; the editor deletes it from the queue and it leaves the page', async () => {
    const spammer = await registerUser('e2e_spam', '发广告的人');
    const list = await callApi<{ list: Array<{ id: number }> }>('POST', '/api/v1/es/essays/pc/page', { pageNum: 1, pageSize: 1 });
    const essayId = list.list[0]!.id;
    const spam = `加我领红包，日赚三百 ${Date.now().toString(36)}`;
    await callApi('POST', '/api/v1/app/essay/comment', { essayId, content: spam }, spammer.accessToken);

    const reader = await registerUser('e2e_rep', '较真的读者');
    const page = await fresh();
    await signInAs(page, reader);
    await page.goto(`/bellesDetails?id=${essayId}`);
    const comment = page.locator('.comment', { hasText: spam });
    await comment.waitFor();
    await settled(page);
    await comment.getByRole('button', { name: '举报' }).click();
    const dialog = await dialogNamed(page, '举报这条评论');
    // A reason is required.
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await dialog.getByText('请选择举报原因').waitFor();
    await dialog.getByRole('radio', { name: '垃圾广告' }).check();
    await dialog.getByRole('textbox').fill('评论区引流');
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await page.getByText('举报已提交').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'reports', '举报');
    const row = await rowWith(admin, spam);
    expect(await row.textContent()).toContain('垃圾广告 ×1');
    await row.getByRole('button', { name: '删除评论' }).click();
    const confirm = await dialogNamed(admin, '删除被举报的评论');
    await confirm.getByRole('button', { name: '删除评论' }).click();
    await admin.getByText('已删除评论').waitFor();
    await row.waitFor({ state: 'detached' });

    const visitor = await fresh();
    await visitor.goto(`/bellesDetails?id=${essayId}`);
    await visitor.locator('#comments').waitFor();
    await settled(visitor);
    expect(await visitor.locator('.comment', { hasText: spam }).count()).toBe(0);
  });

  it("turns grey mode on; a visitor's next page load is grey", async () => {
    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'theme', '主题');
    const preview = admin.getByLabel('主题预览');
    expect(await preview.evaluate((el) => getComputedStyle(el).filter)).toBe('none');
    await admin.getByRole('switch', { name: '全站灰色模式' }).click();
    // The preview turns grey before anything is saved.
    expect(await preview.evaluate((el) => getComputedStyle(el).filter)).toContain('grayscale');
    await admin.getByRole('button', { name: '保存主题' }).click();
    await admin.getByText('主题已保存').waitFor();

    const visitor = await fresh();
    await visitor.goto('/home');
    await visitor.waitForFunction(() => getComputedStyle(document.documentElement).filter.includes('grayscale'));
  });

  it('confirms a bank transfer; the buyer sees 已支付 and the new expiry on /myOrder', async () => {
    const buyer = await registerUser('e2e_buy', '转账的读者');
    const products = await callApi<Array<{ id: number; days: number }>>('GET', '/api/v1/pc/products');
    const product = products[0]!;
    const order = await callApi<{ id: number; orderNo: string }>('POST', '/api/v1/pc/orders', { productId: product.id }, buyer.accessToken);
    await callApi('POST', `/api/v1/pc/orders/${order.id}/pay`, undefined, buyer.accessToken);

    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'orders', '订单');
    const search = admin.getByLabel('订单号或用户名');
    await search.fill(buyer.username);
    await search.press('Enter');
    const row = await rowWith(admin, order.orderNo);
    await row.getByRole('button', { name: '确认到账' }).click();
    const confirm = await dialogNamed(admin, '确认已收到 ¥15.00？');
    expect(await confirm.textContent()).toContain(`会员延长 ${product.days} 天`);
    await confirm.getByRole('button', { name: '确认到账' }).click();
    await waitForToast(admin, '已确认到账');
    await row.getByText('已支付').waitFor();

    const page = await fresh();
    await signInAs(page, buyer);
    await page.goto('/myOrder');
    const orderRow = page.locator('.order-row', { hasText: order.orderNo });
    await orderRow.locator('.order-row__tag', { hasText: '已支付' }).waitFor();
    // The page reads in Asia/Shanghai (UTC+8): the expiry is today there plus the product's days.
    const expiry = new Date(Date.now() + product.days * 86_400_000 + 8 * 3_600_000);
    const expected = `会员有效期至 ${expiry.getUTCFullYear()}年${expiry.getUTCMonth() + 1}月${expiry.getUTCDate()}日`;
    await page.getByText(expected).waitFor();
  });

  it('sorts the users table on the server by a column header, both ways', async () => {
    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'users', '用户');
    const header = admin.locator('.ant-table-thead th', { hasText: '作品' });
    const counts = async () =>
      (await admin
        .locator('.ant-table-tbody .ant-table-row')
        .evaluateAll((rows) => rows.map((r) => Number((r.querySelectorAll('td')[3]?.textContent ?? '').trim())))) as number[];
    const sortedAs = async (order: 'descend' | 'ascend') => {
      const answered = admin.waitForResponse((r) => r.url().includes('/api/v1/admin/users/page') && r.url().includes(`sortOrder=${order}`));
      await header.click();
      await answered;
      await admin.locator('.ant-table-thead th[aria-sort]', { hasText: '作品' }).waitFor();
      await admin.locator('.ant-spin-blur').waitFor({ state: 'detached' });
      return counts();
    };
    const down = await sortedAs('descend');
    expect(down.length).toBeGreaterThan(1);
    expect(down).toEqual([...down].sort((x, y) => y - x));
    const up = await sortedAs('ascend');
    expect(up).toEqual([...up].sort((x, y) => x - y));
  });

  it('bans a user with a reason; their sign-in says why instead of letting them in', async () => {
    const troll = await registerUser('e2e_ban', '捣乱的人');
    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'users', '用户');
    const search = admin.getByLabel('用户名或昵称');
    await search.fill(troll.username);
    await search.press('Enter');
    const row = await rowWith(admin, troll.username);
    await row.getByRole('button', { name: '封禁' }).click();
    const dialog = await dialogNamed(admin, `封禁 ${troll.nickname}`);
    // The reason is required.
    await dialog.getByRole('button', { name: '封禁' }).click();
    await dialog.getByText('请填写封禁原因').waitFor();
    await dialog.getByLabel('封禁原因').fill('多次发布引流广告');
    await dialog.getByRole('button', { name: '封禁' }).click();
    await admin.getByText(`已封禁 ${troll.nickname}`).waitFor();
    await row.getByText('已封禁 · 永久').waitFor();

    const page = await fresh();
    await page.goto('/authentication');
    const form = page.locator('form#signIn');
    await form.getByLabel('用户名').fill(troll.username);
    await form.getByLabel('密码').fill(troll.password);
    await form.getByRole('button', { name: '登录' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('多次发布引流广告');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  it('hides a text from the site; its author sees it under 已被隐藏 with the reason', async () => {
    const author = await registerUser('e2e_hid', '被隐藏的作者');
    const words = `一句将被隐藏的话 ${Date.now().toString(36)}`;
    const essay = await publishText(author, { content: words });
    expect(essay.status).toBe('published');

    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'content', '内容');
    const search = admin.getByLabel('搜索标题或内容');
    await search.fill(words);
    await search.press('Enter');
    const row = await rowWith(admin, words);
    await row.getByRole('button', { name: '隐藏' }).click();
    const dialog = await dialogNamed(admin, '隐藏这篇作品');
    await dialog.getByLabel('隐藏原因（作者可见）').fill('与分类不符');
    await dialog.getByRole('button', { name: '隐藏' }).click();
    await admin.getByText('已隐藏', { exact: true }).first().waitFor();
    await row.getByRole('button', { name: '恢复' }).waitFor();

    const visitor = await fresh();
    await visitor.goto(`/bellesDetails?id=${essay.id}`);
    await visitor.getByText('这段文字不存在或尚未发布').waitFor();

    const page = await fresh();
    await signInAs(page, author);
    await page.goto('/space?tab=works&status=hidden');
    const item = page.locator('.own-essay', { hasText: words });
    await item.waitFor();
    expect(await item.textContent()).toContain('原因：与分类不符');
    expect(await item.getByRole('link', { name: '编辑' }).count()).toBe(0);
  });

  it("hides a reader's 收藏夹 from the console; others find it gone, the editor can restore it", async () => {
    const owner = await registerUser('e2e_fold', '收藏夹的主人');
    const name = `边塞${Date.now().toString(36).slice(-5)}`;
    const folder = await callApi<{ id: number }>('POST', '/api/v1/app/collections', { name, isPublic: true }, owner.accessToken);

    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'collections', '收藏夹');
    await admin.getByLabel('名称、简介或收藏者').fill(name);
    await admin.getByLabel('名称、简介或收藏者').press('Enter');
    const row = await rowWith(admin, name);
    expect(await row.textContent()).toContain('收藏夹的主人');
    await row.getByRole('button', { name: '隐藏' }).click();
    await (await dialogNamed(admin, `隐藏收藏夹「${name}」？`)).getByRole('button', { name: '隐藏' }).click();
    await waitForToast(admin, '已隐藏');
    await row.getByRole('button', { name: '恢复' }).waitFor();

    const visitor = await fresh();
    await visitor.goto(`/collection?id=${folder.id}`);
    await visitor.getByText('这个收藏夹不存在，或主人没有公开它').waitFor();
  });

  it('editing a published text keeps it public; 撤回到草稿 says what happens and takes it off the site', async () => {
    const author = await registerUser('e2e_wd', '改稿的作者');
    const words = `一句已经发布的话 ${Date.now().toString(36)}`;
    const essay = await publishText(author, { content: words });
    const page = await fresh();
    await signInAs(page, author);
    await page.goto(`/editorialEssay?id=${essay.id}`);
    const text = page.getByPlaceholder('写下打动你的一句话…');
    await expect.poll(() => text.inputValue()).toBe(words);
    await settled(page);
    await text.fill(`${words}（改）`);
    await page.getByRole('button', { name: '保存修改' }).click();
    await page.getByText('修改已保存').waitFor();
    await page.locator('.details-text__sentence', { hasText: `${words}（改）` }).waitFor();

    const visitor = await fresh();
    await visitor.goto(`/bellesDetails?id=${essay.id}`);
    await visitor.locator('.details-text__sentence', { hasText: `${words}（改）` }).waitFor();

    await page.goto(`/editorialEssay?id=${essay.id}`);
    await page.getByRole('button', { name: '撤回到草稿' }).click();
    const confirm = await dialogNamed(page, '撤回到草稿？');
    expect(await confirm.textContent()).toContain('阅读、喜欢、收藏和评论都会保留');
    await confirm.getByRole('button', { name: '撤回到草稿' }).click();
    await page.getByText('已撤回到草稿').waitFor();
    // Now a draft: the draft's buttons are back.
    await page.getByRole('button', { name: '保存草稿' }).waitFor();

    await visitor.reload();
    await visitor.getByText('这段文字不存在或尚未发布').waitFor();
  });

  it('publishes an announcement written in the rich-text editor; readers find it on /bulletinBoard', async () => {
    const title = `系统维护通知 ${Date.now().toString(36)}`;
    const admin = await fresh();
    await signInAs(admin, await signInAdmin());
    await openConsole(admin, 'announcements', '公告');
    await admin.getByRole('button', { name: '发布公告' }).click();
    const dialog = await dialogNamed(admin, '发布公告');
    // Both fields are required.
    await dialog.getByRole('button', { name: '发布' }).click();
    await dialog.getByText('请填写标题').waitFor();
    await dialog.getByPlaceholder('公告标题').fill(title);
    await dialog.getByRole('textbox', { name: '公告正文' }).click();
    await admin.keyboard.type('今晚 23:00 起维护一小时。');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await admin.keyboard.type('请提前保存草稿');
    await dialog.getByRole('switch', { name: '置顶' }).click();
    await dialog.getByRole('button', { name: '发布' }).click();
    await admin.getByText('公告已发布').waitFor();
    await (await rowWith(admin, title)).getByText('置顶').waitFor();

    const reader = await fresh();
    await reader.goto('/bulletinBoard');
    await reader.locator('.bulletin-item', { hasText: title }).click();
    await waitForPath(reader, '/bulletinDetails');
    // The formatting survives: the bold words are bold on the reader's page.
    await reader.locator('strong', { hasText: '请提前保存草稿' }).waitFor();
    expect(await reader.locator('main').textContent()).toContain('今晚 23:00 起维护一小时。');
  });
});
