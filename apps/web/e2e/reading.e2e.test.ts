import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { hasWatermark } from '@shiju/contract/credit';
import { callApi, registerUser, settled, signInAs, type Account } from './essay-helpers.js';
import { callAs } from './factories.js';
import { closePage, openPage, useBrowser, waitForPath, waitForTitle, waitForTitleStart } from './helpers.js';

interface EssayBrief {
  id: number;
  likes: number;
  collects: number;
  liked: boolean;
  collected: boolean;
}

/** The hottest published sentence: always there in the starter library. */
async function aSentence(token?: string): Promise<EssayBrief> {
  const page = await callApi<{ list: EssayBrief[] }>(
    'POST',
    '/api/v1/es/essays/pc/page',
    { type: 'sentence', sort: 'hot', pageSize: 1 },
    token,
  );
  return page.list[0]!;
}

async function counterOf(page: Page, kind: 'like' | 'collect'): Promise<string> {
  return (await page.locator(`.reaction--${kind} .reaction__count`).textContent()) ?? '';
}

describe('reading', () => {
  const browser = useBrowser();
  let page: Page;
  afterEach(async () => closePage(page));

  it('a visitor goes home → a classification → a tag → a text, under the watermark', async () => {
    page = await openPage(browser());
    await page.goto('/home');
    await waitForTitle(page, '拾句 | 首页');
    // Home: cards with sources, counters, and the tabs.
    await page.locator('.feed .essay-card').first().waitFor();
    expect(await page.locator('.feed').getByRole('tab', { name: '最热' }).count()).toBe(1);
    await page.locator('.chips').getByRole('link', { name: /诗词/ }).click();
    await waitForPath(page, '/classifyDetails');
    await waitForTitle(page, '拾句 | 分类详情 · 诗词');
    await page.locator('.classify-banner__name').getByText('诗词').waitFor();
    // The server may have drawn it (the chip is a link): its tags answer once the app runs it.
    await settled(page);

    // A first-level tag filters the list and goes into the address.
    const firstTag = page.locator('.tag-rows .tag-row').first().locator('button.tag').nth(1);
    const tagName = (await firstTag.textContent())!.trim();
    await firstTag.click();
    await page.waitForURL((u) => u.searchParams.has('tagId'));
    await settled(page);
    await page.locator('.tag-rows .tag.is-active', { hasText: tagName }).first().waitFor();

    // The A–Z index lists the tags and jumps to one.
    await page.getByRole('button', { name: 'A–Z 标签' }).click();
    const drawer = page.locator('.letter-index');
    await drawer.locator('.letter-index__group').first().waitFor();
    expect(await drawer.locator('.letter-index__letter').count()).toBeGreaterThan(3);
    await page.keyboard.press('Escape');

    const card = page.locator('.infinite-list .essay-card').first();
    await card.waitFor();
    await card.locator('.essay-card__quote, .essay-card__title').first().click();
    await waitForPath(page, '/bellesDetails');
    // The tab names the text after the route's title.
    const cardTitle = await waitForTitleStart(page, '拾句 | 句子详情 · ');
    expect(cardTitle.length).toBeGreaterThan('拾句 | 句子详情 · '.length);
    await page.locator('.details-text').waitFor();

    // The watermark (the seed's constants) marks a writer's original only, in a band clear of the lines; an imported
    // or public-domain text has none (docs/decisions/0018).
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const shown = await callAs('essayDetails', { body: { id } });
    const band = page.locator('.details-watermark__band');
    if (hasWatermark(shown)) {
      await expect
        .poll(() => band.evaluate((el) => ({ z: getComputedStyle(el).zIndex, bg: getComputedStyle(el).backgroundImage.slice(0, 15) })))
        .toEqual({ z: '9', bg: 'url("data:image' });
    } else expect(await band.count()).toBe(0);
    expect(await page.locator('.author-card__name').textContent()).toBeTruthy();
  });

  it('an unknown text shows a not-found state inside the page', async () => {
    page = await openPage(browser());
    await page.goto('/bellesDetails?id=99999999');
    await page.getByText('这段文字不存在或尚未发布').waitFor();
    await page.locator('header.header').waitFor();
    await waitForTitle(page, '拾句 | 句子详情');
  });

  it('like and collect toggle at once, stay exact under double clicks, and agree with the server', async () => {
    const reader: Account = await registerUser('liker', '点赞的人');
    const before = await aSentence(reader.accessToken);
    page = await openPage(browser());
    await signInAs(page, reader);
    await page.goto(`/bellesDetails?id=${before.id}`);
    await page.locator('.reaction--like').waitFor();
    await settled(page);

    await page.locator('.reaction--like').click();
    await page.locator('.reaction--like[aria-pressed="true"]').getByText('已喜欢').waitFor();
    expect(await counterOf(page, 'like')).toBe(String(before.likes + 1));
    await settled(page);

    // Two clicks straight after each other: liked → unliked → liked again would be three; two leave it as it was.
    await page.locator('.reaction--collect').evaluate((el: HTMLElement) => {
      el.click();
      el.click();
    });
    await settled(page);
    await expect.poll(() => counterOf(page, 'collect')).toBe(String(before.collects));
    expect(await page.locator('.reaction--collect').getAttribute('aria-pressed')).toBe('false');

    const after = await callApi<EssayBrief>('POST', '/api/v1/pc/essays/details', { id: before.id }, reader.accessToken);
    expect(after).toMatchObject({ liked: true, collected: false, likes: before.likes + 1, collects: before.collects });

    // And back: unlike.
    await page.locator('.reaction--like').click();
    await page.locator('.reaction--like[aria-pressed="false"]').waitFor();
    await settled(page);
    expect(await counterOf(page, 'like')).toBe(String(before.likes));
  });

  it('a comment and a reply appear; the reply can be deleted by its writer', async () => {
    const reader = await registerUser('talker', '说话的人');
    const essay = await aSentence();
    page = await openPage(browser());
    await signInAs(page, reader);
    await page.goto(`/bellesDetails?id=${essay.id}`);
    const comments = page.locator('#comments');
    const text = `读到这一句，想起了故乡 ${Date.now()}`;
    await comments.getByLabel('评论内容').fill(text);
    await comments
      .locator('.textarea__count')
      .getByText(`${[...text].length} / 500`)
      .waitFor();
    await comments.getByRole('button', { name: '发表评论' }).click();
    const mine = comments.locator('.comment-thread', { hasText: text });
    await mine.waitFor();

    await mine.locator('.comment').first().getByRole('button', { name: '回复' }).click();
    await mine.getByLabel('回复内容').fill('我也是，谢谢分享');
    await mine.locator('.comment-box--reply').getByRole('button', { name: '回复' }).click();
    const reply = mine.locator('.comment--reply', { hasText: '我也是，谢谢分享' });
    await reply.waitFor();
    expect(await reply.locator('.comment__to').textContent()).toContain(`@${reader.nickname}`);

    await settled(page);
    await reply.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    await reply.waitFor({ state: 'detached' });
    await mine.waitFor();
  });
});
