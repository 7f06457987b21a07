/**
 * 屏蔽, as a reader goes: a text by a 作者 they do not want shows in 为你推荐; they mute the 作者 from the card's ⋯
 * menu and it leaves the feed; 设置 lists the mute and undoes it; the 作者's page mutes again with one button. On a
 * desk (1440) and a phone (390).
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { callAs, publishText } from './factories.js';
import { registerUser, signInAs } from './essay-helpers.js';
import { appRunning, closePage, fitsWidth, openPage, shot, useBrowser, waitForToast } from './helpers.js';

describe('屏蔽', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`a reader mutes a 作者 from a card, sees it in 设置, undoes it, and mutes from the 作者's page (${width} px)`, async () => {
      const classification = (await callAs('classificationsPage', { query: { pageNum: 1, pageSize: 50 } })).list.find(
        (c) => c.tagCount >= 3,
      )!;
      const tags = (await callAs('classificationTags', { query: { classificationId: classification.id, pageNum: 1, pageSize: 50 } })).list;
      const writer = await registerUser('mutew', '写句子的人');
      const reader = await registerUser('muter', '读者');
      const author = `屏蔽测试者${width}`;
      const text = await publishText(writer, {
        content: `一句不想再看到的话，${width}`,
        classificationId: classification.id,
        tagIds: [tags[0]!.id],
        workAuthor: author,
      });
      await callAs('createInterests', { body: { tagIds: tags.slice(0, 3).map((t) => t.id) } }, reader.accessToken);

      page = await openPage(browser(), { width, height });
      await signInAs(page, reader);
      await page.goto('/home?tab=forYou');
      await appRunning(page);
      const card = page.locator(`article.essay-card[data-essay-id="${text.id}"]`);
      await card.waitFor();

      // The card's ⋯ menu names what can be muted: the 作者, the poster, the classification, the tag.
      await card.getByRole('button', { name: '更多操作' }).click();
      const menu = card.getByRole('menu');
      await menu.waitFor();
      const items = await menu.getByRole('menuitem').allTextContents();
      expect(items).toEqual([
        `屏蔽作者「${author}」`,
        '屏蔽发布者「写句子的人」',
        `屏蔽分类「${classification.name}」`,
        `屏蔽标签「${tags[0]!.name}」`,
      ]);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `mute-menu-${width}`);
      // Escape closes it without muting anything.
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: '更多操作' }).click();
      await menu.getByRole('menuitem', { name: `屏蔽作者「${author}」` }).click();
      await waitForToast(page, `已屏蔽作者「${author}」`);
      await card.waitFor({ state: 'detached' });
      expect((await callAs('myMutes', {}, reader.accessToken)).list.map((m) => m.name)).toEqual([author]);

      // 设置 lists it; 取消屏蔽 undoes it and the text comes back to the feed.
      await page.goto('/space?tab=settings');
      await appRunning(page);
      const row = page.locator('.mute-list__row', { hasText: author });
      await row.waitFor();
      await row.scrollIntoViewIfNeeded();
      expect(await row.locator('.mute-list__kind').textContent()).toBe('作者');
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `mute-settings-${width}`);
      await row.getByRole('button', { name: '取消屏蔽' }).click();
      await waitForToast(page, `已取消屏蔽作者「${author}」`);
      await page.getByText('还没有屏蔽任何内容').waitFor();
      await page.goto('/home?tab=forYou');
      await appRunning(page);
      await card.waitFor();

      // The 作者's page: 屏蔽 there, pressed once muted.
      await page.goto(`/author?name=${encodeURIComponent(author)}`);
      await appRunning(page);
      const button = page.locator('.author-page__head').getByRole('button', { name: '屏蔽' });
      await button.click();
      await waitForToast(page, `已屏蔽作者「${author}」`);
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      expect(await button.textContent()).toContain('已屏蔽');
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `mute-author-${width}`);
      expect((await callAs('myMutes', {}, reader.accessToken)).list.map((m) => [m.kind, m.name])).toEqual([['author', author]]);

      // A classification's page offers 屏蔽 for it and for the tag the list is filtered by; a person's page for them.
      await page.goto(`/classifyDetails?id=${classification.id}&tagId=${tags[0]!.id}`);
      await appRunning(page);
      const muteButtons = page.locator('.mute-button');
      await expect.poll(() => muteButtons.count()).toBe(2);
      await muteButtons.last().click();
      await waitForToast(page, `已屏蔽标签「${tags[0]!.name}」`);
      await expect.poll(() => muteButtons.last().getAttribute('aria-pressed')).toBe('true');
      expect(await muteButtons.last().textContent()).toContain('已屏蔽标签');
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `mute-classification-${width}`);
      await page.goto(`/othersInfor?id=${writer.userInfo.id}`);
      await appRunning(page);
      await page.locator('.profile-card .mute-button').click();
      await waitForToast(page, '已屏蔽发布者「写句子的人」');
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `mute-person-${width}`);
      expect((await callAs('myMutes', {}, reader.accessToken)).list.map((m) => m.kind)).toEqual(['user', 'tag', 'author']);
    });
  }
});
