import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, makePng, registerUser, settled, signInAs } from './essay-helpers.js';
import { closePage, opened, openPage, uniqueUsername, useBrowser, waitForPath, waitForTitle } from './helpers.js';

async function pickClassification(page: Page, name: string): Promise<void> {
  await page.locator('.composer__classification .ant-select').click();
  // The options slide in; a click before they settle can land beside the option.
  await opened(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  await page.locator('.ant-select-item-option', { hasText: name }).first().click();
}

function essayIdOf(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('id'));
}

describe('writing an essay: sign up, write with an image, publish, find, edit, delete', () => {
  const browser = useBrowser();
  let page: Page;
  const title = `春日小记 ${Date.now().toString(36)}`;
  let essayId = 0;

  beforeAll(async () => {
    page = await openPage(browser());
  });
  afterAll(async () => closePage(page));

  it('sends a visitor to sign in, and back to the editor after signing up', async () => {
    await page.goto('/editorialEssay');
    await page.waitForURL((u) => u.pathname === '/authentication' && u.searchParams.get('redirect') === '/editorialEssay');
    await page.getByRole('tab', { name: '注册' }).click();
    const form = page.locator('form#signUp');
    await form.getByLabel('用户名').fill(uniqueUsername('writer'));
    await form.getByLabel('昵称（选填）').fill('写字的人');
    await form.getByLabel('密码').fill('chunfeng2026');
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await form.getByRole('button', { name: '注册并登录' }).click();
    await waitForPath(page, '/editorialEssay');
    await waitForTitle(page, '拾句 | 写作');
  });

  it('writes an essay with an uploaded image and cover, and publishes it', async () => {
    await page.locator('.composer').getByText('美文', { exact: true }).click();
    await page.getByPlaceholder('给文章起个标题').fill(title);
    await page
      .locator('.composer')
      .getByText(`${[...title].length} / 50`)
      .waitFor();

    const editor = page.locator('.rte-content');
    await editor.click();
    await page.getByRole('button', { name: '大标题' }).click();
    await page.keyboard.type('一、草长');
    await page.keyboard.press('Enter');
    await page.keyboard.type('二月的风吹过河岸，柳条先绿了。');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('春天来了。');
    await page.getByRole('button', { name: '加粗' }).click();

    const png = await makePng(page);
    await page.locator('[data-testid="rte-image-input"]').setInputFiles({ name: '河岸.png', mimeType: 'image/png', buffer: png });
    await editor.locator('img[src^="/uploads/"]').waitFor();
    await page
      .locator('.rte-count')
      .getByText(/^\d+ \/ 20000 字$/)
      .waitFor();

    await page
      .locator('.cover-upload input[type="file"]')
      .setInputFiles({ name: '封面.png', mimeType: 'image/png', buffer: await makePng(page, '#1f6f5c') });
    await page.locator('.upload-status--success').getByText('上传成功').waitFor();
    await page.locator('.cover-upload__preview[src^="/uploads/"]').waitFor();

    await pickClassification(page, '散文');
    await settled(page);
    await page.getByRole('button', { name: '发布' }).click();
    await waitForPath(page, '/bellesDetails');
    essayId = essayIdOf(page);
    expect(essayId).toBeGreaterThan(0);
    await page.locator('.details-text__title').getByText(title).waitFor();
    await page.locator('.details-text__body strong').getByText('春天来了。').waitFor();
    await page.locator('.details-text__body img[src^="/uploads/"]').waitFor();
    await page.locator('.details-text__cover[src^="/uploads/"]').waitFor();
    // The heading got an id for the outline.
    expect(await page.locator('.details-text__body h2').getAttribute('id')).toBe('section-1');
  });

  it('finds it on its classification page', async () => {
    await page.locator('.taxonomy__classification').click();
    await waitForPath(page, '/classifyDetails');
    await page.locator('.classify-banner__name').getByText('散文').waitFor();
    await page.locator('.essay-card__title', { hasText: title }).waitFor();
  });

  it('edits it from its page', async () => {
    await page.goto(`/bellesDetails?id=${essayId}`);
    await page.getByRole('link', { name: '编辑' }).click();
    await waitForPath(page, '/editorialEssay');
    const input = page.getByPlaceholder('给文章起个标题');
    await expect.poll(() => input.inputValue()).toBe(title);
    await page.locator('.rte-content img[src^="/uploads/"]').waitFor();
    await input.fill(`${title}（修订）`);
    await settled(page);
    // A published text is saved in place (it stays public); there is no 发布 or 保存草稿 to press.
    expect(await page.getByRole('button', { name: '保存草稿' }).count()).toBe(0);
    await page.getByRole('button', { name: '保存修改' }).click();
    await waitForPath(page, '/bellesDetails');
    await page.locator('.details-text__title').getByText(`${title}（修订）`).waitFor();
  });

  it('asks before leaving with unsaved changes', async () => {
    await page.getByRole('link', { name: '编辑' }).click();
    await waitForPath(page, '/editorialEssay');
    const input = page.getByPlaceholder('给文章起个标题');
    await expect.poll(() => input.inputValue()).toContain('修订');
    await input.fill('改了一半的标题');
    await page.locator('.header__desktop').getByRole('link', { name: '首页' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('离开此页？').waitFor();
    await dialog.getByRole('button', { name: '继续编辑' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/editorialEssay');
    expect(await input.inputValue()).toBe('改了一半的标题');
    await page.locator('.header__desktop').getByRole('link', { name: '首页' }).click();
    await dialog.getByText('离开此页？').waitFor();
    await dialog.getByRole('button', { name: '离开' }).click();
    await waitForPath(page, '/home');
  });

  it('deletes it', async () => {
    await page.goto(`/bellesDetails?id=${essayId}`);
    await page.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    await waitForPath(page, '/home');
    await page.goto(`/bellesDetails?id=${essayId}`);
    await page.getByText('这段文字不存在或尚未发布').waitFor();
  });
});

/** Types into the tag picker's search and waits for what it then shows. */
async function searchTags(page: Page, text: string) {
  const picker = page.locator('.composer__tags .ant-select');
  await picker.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await opened(dropdown);
  return dropdown;
}

describe('quoting a sentence: 作者 and 出处, tags by quote, the author page', () => {
  const browser = useBrowser();
  let page: Page;
  const line = `草木有本心，人间自有情 ${Date.now().toString(36)}`;
  afterAll(async () => closePage(page));

  it('offers a sentence of one’s own no collection tags, a quote of 王维 唐诗, dropped when the author changes', async () => {
    const writer = await registerUser('quoter', '抄书的人');
    page = await openPage(browser());
    await signInAs(page, writer);
    // Opened under a classification (as 写第一句 of an empty one does), the editor starts with it chosen.
    const classes = await callApi<{ list: { id: number; name: string }[] }>('GET', '/api/v1/pc/classifications/page?pageNum=1&pageSize=50');
    const poetry = classes.list.find((c) => c.name === '诗词')!;
    await page.goto(`/editorialEssay?classificationId=${poetry.id}`);
    await page.getByPlaceholder('写下打动你的一句话…').fill(line);
    await page.locator('.composer__classification .ant-select').getByText('诗词', { exact: true }).waitFor();
    await settled(page);
    for (const collection of ['楚辞', '五代词', '唐诗']) {
      const dropdown = await searchTags(page, collection);
      await dropdown.getByText('没有找到这个标签').waitFor();
    }
    await page.keyboard.press('Escape');

    // A quote: 摘录 asks for its 作者 and 出处.
    await page.locator('.composer__kind').getByText('摘录', { exact: true }).click();
    const author = page.getByPlaceholder('谁写的');
    await author.fill('王维');
    const dropdown = await searchTags(page, '唐诗');
    await dropdown.locator('.ant-select-tree-title', { hasText: /^唐诗$/ }).click();
    await page.keyboard.press('Escape');
    const picked = page.locator('.composer__tags .ant-select').getByText('唐诗', { exact: true });
    await picked.waitFor();

    // Not 王维 after all: 唐诗 no longer fits the quote and leaves the selection.
    await author.fill('汪曾祺');
    await page.getByPlaceholder('出自哪部作品').fill('人间草木');
    await picked.waitFor({ state: 'detached' });
    const tang = await searchTags(page, '唐诗');
    await tang.getByText('没有找到这个标签').waitFor();
    await page.keyboard.press('Escape');

    await settled(page);
    await page.getByRole('button', { name: '发布' }).click();
    await waitForPath(page, '/bellesDetails');
    const source = page.locator('.details-text__source');
    await source.getByText('汪曾祺《人间草木》').waitFor();
    await source.getByRole('link', { name: '汪曾祺' }).waitFor();
  });

  it('shows 作者 and 出处 back on edit and writes the source line from them', async () => {
    await page.getByRole('link', { name: '编辑' }).click();
    await waitForPath(page, '/editorialEssay');
    const author = page.getByPlaceholder('谁写的');
    const work = page.getByPlaceholder('出自哪部作品');
    await expect.poll(() => author.inputValue()).toBe('汪曾祺');
    expect(await work.inputValue()).toBe('人间草木');
    await work.fill('《人间滋味》');
    await page.getByText('不用填写书名号《》').waitFor();
    await work.fill('人间滋味');
    await settled(page);
    await page.getByRole('button', { name: '保存修改' }).click();
    await waitForPath(page, '/bellesDetails');
    await page.locator('.details-text__source').getByText('汪曾祺《人间滋味》').waitFor();
  });

  it('leads from the quoted author’s name to their page', async () => {
    await page.locator('.details-text__source').getByRole('link', { name: '汪曾祺' }).click();
    await page.waitForURL((u) => u.pathname === '/author' && u.searchParams.get('name') === '汪曾祺');
    await waitForTitle(page, '拾句 | 作者 · 汪曾祺');
    await page.getByRole('heading', { name: '汪曾祺', level: 1 }).waitFor();
    await page.locator('.author-page__meta').getByText('1 篇作品').waitFor();
    await page.locator('.infinite-list .essay-card', { hasText: line }).waitFor();
  });
});

describe('imitating a sentence', () => {
  const browser = useBrowser();
  let page: Page;
  afterAll(async () => closePage(page));

  it('lists sentences worth imitating, then shows the new imitation under the original', async () => {
    const writer = await registerUser('imitator', '学写的人');
    page = await openPage(browser());
    await signInAs(page, writer);
    await page.goto('/imitative');
    await waitForTitle(page, '拾句 | 仿写');
    const first = page.locator('.infinite-list .essay-card').first();
    await first
      .locator('.imitate-count')
      // Why it is listed: its imitations, or, for a sentence nobody has imitated yet, who liked it.
      .getByText(/^(已有 \d+ 篇仿写|\d+ 人喜欢，等你第一个仿写)$/)
      .waitFor();
    await first.getByRole('link', { name: '去仿写' }).click();
    await page.waitForURL((u) => u.pathname === '/imitative' && u.searchParams.has('id'));
    const originalId = Number(new URL(page.url()).searchParams.get('id'));
    await page.locator('.imitate-original__text').waitFor();

    const line = `秋城无处不飘叶，重阳西风拂面斜 ${Date.now().toString(36)}`;
    await page.getByPlaceholder('写下打动你的一句话…').fill(line);
    await page
      .locator('.composer .ant-input-data-count')
      .first()
      .getByText(`${[...line].length} / 300`)
      .waitFor();
    await settled(page);
    await page.getByRole('button', { name: '发布' }).click();
    const mine = page.locator('.imitative__list .essay-card', { hasText: line });
    await mine.waitFor();
    await mine.getByText('刚刚发布').waitFor();

    // The original's page lists it among its imitations, and the imitation points back.
    await page.goto(`/bellesDetails?id=${originalId}`);
    const strip = page.locator('.imitations .mini-card', { hasText: line });
    await strip.waitFor();
    await strip.click();
    await page.locator('.original-note').waitFor();
    await page.locator('.original-note a').click();
    await page.waitForURL((u) => u.searchParams.get('id') === String(originalId));
  });

  it('lets the writer leave an untouched imitation without asking, and asks once they wrote', async () => {
    // 静夜思 carries its collection's tag, which an imitation without 作者/出处 cannot: the form drops it on its
    // own, and that is not the writer's change.
    const found = await callApi<{ list: { id: number; title: string | null; tags: { id: number }[] }[] }>(
      'GET',
      `/api/v1/pc/search?type=essay&pageSize=10&q=${encodeURIComponent('静夜思')}`,
    );
    const original = found.list.find((e) => e.title === '静夜思')!;
    expect(original.tags.length).toBeGreaterThan(0);
    const own = await openPage(browser());
    await signInAs(own, await registerUser('leaver', '说走就走'));
    await own.goto(`/imitative?id=${original.id}`);
    await own.getByPlaceholder('写下打动你的一句话…').waitFor();
    await settled(own);
    expect(await own.locator('.composer__state').textContent()).toBe('');
    await own.locator('.header__desktop').getByRole('link', { name: '首页' }).click();
    await waitForPath(own, '/home');
    expect(await own.getByRole('dialog').count()).toBe(0);

    await own.goto(`/imitative?id=${original.id}`);
    await own.getByPlaceholder('写下打动你的一句话…').fill('床前一盏灯');
    await own.locator('.composer__state').getByText('有未保存的修改').waitFor();
    // Back to where it started: nothing to lose.
    await own.getByPlaceholder('写下打动你的一句话…').fill('');
    await expect.poll(() => own.locator('.composer__state').textContent()).toBe('');
    await own.getByPlaceholder('写下打动你的一句话…').fill('床前一盏灯');
    await own.locator('.header__desktop').getByRole('link', { name: '首页' }).click();
    const dialog = own.getByRole('dialog');
    await dialog.getByText('离开此页？').waitFor();
    await dialog.getByRole('button', { name: '离开' }).click();
    await waitForPath(own, '/home');
    await closePage(own);
  });
});
