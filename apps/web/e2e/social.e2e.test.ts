import type { Browser, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './essay-helpers.js';
import { draftText, publishText } from './factories.js';
import {
  appRunning,
  closePage,
  opened,
  openPage,
  storage,
  uniqueUsername,
  useBrowser,
  waitForPath,
  waitForTitle,
  waitForTitleStart,
} from './helpers.js';

const PASSWORD = 'qingfeng2026';
/** The toast the request layer would show for A0301; private pages must not show it. */
const FORBIDDEN_TOAST = '无权访问';

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

/** A call from inside the page, with that page's stored token: what the user could do, minus the UI. */
async function apiIn<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await page.evaluate(
    async ([m, p, b]) => {
      const token = localStorage.getItem('accessToken');
      const headers: Record<string, string> = {};
      if (token) headers.Authorization = `Bearer ${token}`;
      if (b !== undefined) headers['Content-Type'] = 'application/json';
      const r = await fetch(p as string, { method: m as string, headers, body: b === undefined ? undefined : JSON.stringify(b) });
      return (await r.json()) as unknown;
    },
    [method, path, body] as const,
  );
  const env = res as Envelope<T>;
  if (env.code !== '00000') throw new Error(`${method} ${path} → ${env.code} ${env.msg}`);
  return env.data;
}

interface Person {
  page: Page;
  id: number;
  accessToken: string;
  username: string;
  nickname: string;
}

/** A fresh browser context with a newly registered user signed in (sign-up through the UI is auth.e2e's job). */
async function signUp(browser: Browser, prefix: string, nickname: string): Promise<Person> {
  const page = await openPage(browser);
  await page.goto('/aboutOur');
  const username = uniqueUsername(prefix);
  const session = await apiIn<{ accessToken: string; userInfo: { id: number } }>(page, 'POST', '/api/v1/auth/register', {
    username,
    password: PASSWORD,
    nickname,
    agree: true,
  });
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('accessToken', t);
      localStorage.setItem('userInfo', u);
    },
    [session.accessToken, JSON.stringify(session.userInfo)] as const,
  );
  return { page, id: session.userInfo.id, accessToken: session.accessToken, username, nickname };
}

async function writeSentence(p: Person, content: string, status: 'publish' | 'draft' = 'publish'): Promise<number> {
  return (await (status === 'draft' ? draftText : publishText)(p, { content })).id;
}

/** The desktop header's bell (its label carries the unread count). */
function bell(page: Page) {
  return page.locator('.header__desktop a.message-bell');
}

async function expectBell(page: Page, unread: number): Promise<void> {
  const label = unread > 0 ? `我的通知，${unread} 条未读` : '我的通知';
  // The count is asked by the poll, then drawn: on a loaded machine that takes seconds of real time.
  await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 30_000 }).toBe(label);
}

/** The 评论 counter of a text's card in a list. */
function commentCounter(page: Page, essayId: number) {
  return page.locator(`article.essay-card:has(a[href="/bellesDetails?id=${essayId}"]) .counters li[title="评论"]`).first();
}

/**
 * Opens `authorId`'s page as the signed-in `page` and waits for the card of `essayId` to count `count` comments. The
 * server's list pages are shared and kept for seconds, but a signed-in reader's page carries the counters as they are
 * now (server essays/readerPage.ts), which the app asks for once the page is drawn.
 */
async function cardCounts(page: Page, authorId: number, essayId: number, count: number): Promise<void> {
  await page.goto(`/othersInfor?id=${authorId}`);
  await settled(page);
  await commentCounter(page, essayId).getByText(String(count)).waitFor();
}

/** Longer than any step takes on a loaded machine: only a hang reaches it. */
const HANG_MS = 120_000;

async function envelopeOf(res: Response): Promise<Envelope<unknown>> {
  return (await res.json()) as Envelope<unknown>;
}

/**
 * A write `page` sends (a non-GET call whose path matches `write`) and the first GET of `read` it asks once that
 * write was answered, each resolving with its envelope. A read already under way when the write was answered is not
 * it: what the page shows once both have arrived is the server's state after the write.
 */
function writeThenRead(page: Page, write: RegExp, read: RegExp) {
  let written = false;
  const pathOf = (r: Request) => new URL(r.url()).pathname;
  const asked = new Promise<Request>((resolve) => {
    const onRequest = (r: Request) => {
      if (!written || r.method() !== 'GET' || !read.test(pathOf(r))) return;
      page.off('request', onRequest);
      resolve(r);
    };
    page.on('request', onRequest);
  });
  const written$ = page.waitForResponse(
    (r) => {
      // Set as the answer arrives (the predicate runs in the event's turn), before any request the page makes after it.
      if (r.request().method() === 'GET' || !write.test(pathOf(r.request()))) return false;
      written = true;
      return true;
    },
    { timeout: HANG_MS },
  );
  return {
    written: written$.then(envelopeOf),
    read: asked.then(async (r) => {
      const res = await r.response();
      if (!res) throw new Error(`GET ${r.url()} failed: ${r.failure()?.errorText ?? 'no answer'}`);
      return envelopeOf(res);
    }),
  };
}

async function toastCount(page: Page, text: string): Promise<number> {
  return page.locator('.ant-message').getByText(text).count();
}

describe('social: two people in two browsers', () => {
  const browser = useBrowser();
  let a: Person;
  let b: Person;
  let sentenceId: number;

  beforeAll(async () => {
    a = await signUp(browser(), 'writer', '写字的甲');
    b = await signUp(browser(), 'reader', '读书的乙');
    sentenceId = await writeSentence(a, '风从山那边来，带着一整个春天的消息。');
  });
  afterAll(async () => {
    await closePage(a.page);
    await closePage(b.page);
  });

  it('B follows, likes, collects and comments; A is notified, reads, replies; B sees the reply and deletes the comment', async () => {
    // B finds A's page and follows through the UI.
    await b.page.goto(`/othersInfor?id=${a.id}`);
    await waitForTitle(b.page, `拾句 | 用户主页 · ${a.nickname}`);
    await b.page.getByRole('heading', { name: a.nickname }).waitFor();
    await b.page.locator('.essay-card').getByText('风从山那边来').waitFor();
    // The server's copy is a visitor's: B's own page (their 关注 button) replaces it.
    await appRunning(b.page);
    await b.page.getByRole('button', { name: '关注', exact: true }).click();
    await b.page.getByRole('button', { name: '已关注' }).waitFor();
    await b.page.locator('.profile-card__stat', { hasText: '粉丝' }).locator('.profile-card__stat-value').getByText('1').waitFor();

    // On A's sentence B likes, collects and comments through the details page; each waits for the server.
    await b.page.goto(`/bellesDetails?id=${sentenceId}`);
    await waitForTitleStart(b.page, '拾句 | 句子详情 · 风从山那边来');
    await b.page.locator('.details-text').getByText('风从山那边来').waitFor();
    await settled(b.page);
    const actions = b.page.locator('.action-bar');
    await actions.locator('.reaction--like').click();
    await actions.locator('.reaction--like[aria-pressed="true"][aria-busy="false"]').getByText('已喜欢').waitFor();
    await actions.locator('.reaction--collect').click();
    await actions.locator('.reaction--collect[aria-pressed="true"][aria-busy="false"]').getByText('已收藏').waitFor();
    const comments = b.page.locator('#comments');
    await comments.getByLabel('评论内容').fill('读到这句，窗外正好起风。');
    await comments.getByRole('button', { name: '发表评论' }).click();
    await comments.locator('.comment-thread', { hasText: '读到这句，窗外正好起风。' }).waitFor();
    await comments.locator('.comments__count').getByText('1').waitFor();

    // A's bell counts the four events.
    await a.page.goto('/home');
    await expectBell(a.page, 4);

    // /myInform lists them; opening each tab reads it and the bell follows.
    await bell(a.page).click();
    await waitForPath(a.page, '/myInform');
    const feed = a.page.locator('.inform-tabs [role="tabpanel"]');
    const commentMsg = feed.locator('.message', { hasText: '评论了你的句子' });
    await commentMsg.getByText(b.nickname).waitFor();
    await commentMsg.getByText('读到这句，窗外正好起风。').waitFor();
    expect(await commentMsg.locator(`a[href="/bellesDetails?id=${sentenceId}"]`).count()).toBe(1);
    expect(await commentMsg.locator(`a[href="/othersInfor?id=${b.id}"]`).count()).toBeGreaterThan(0);
    await expectBell(a.page, 3);

    await a.page.getByRole('tab', { name: '喜欢和收藏' }).click();
    await feed.locator('.message', { hasText: '赞了你的句子' }).waitFor();
    await feed.locator('.message', { hasText: '收藏了你的句子' }).waitFor();
    expect(new URL(a.page.url()).searchParams.get('type')).toBe('like');
    await expectBell(a.page, 1);

    await a.page.getByRole('tab', { name: '新粉丝' }).click();
    await feed.locator('.message', { hasText: '关注了你' }).getByText(b.nickname).waitFor();
    await expectBell(a.page, 0);

    // A follows back from the followers list: both now follow each other.
    await a.page.goto(`/othersRelation?id=${a.id}&type=followers`);
    const row = a.page.locator('.user-row', { hasText: b.nickname });
    await row.getByRole('button', { name: '回关' }).click();
    await row.getByRole('button', { name: '互相关注' }).waitFor();

    // A replies to B's comment on the details page; B's bell and /myInform show it.
    await a.page.goto(`/bellesDetails?id=${sentenceId}`);
    await waitForTitleStart(a.page, '拾句 | 句子详情 · 风从山那边来');
    const aThread = a.page.locator('#comments .comment-thread', { hasText: '读到这句，窗外正好起风。' });
    await settled(a.page);
    await aThread.locator('.comment').first().getByRole('button', { name: '回复' }).click();
    await aThread.getByLabel('回复内容').fill('谢谢，春天也路过了你那里。');
    await aThread.locator('.comment-box--reply').getByRole('button', { name: '回复' }).click();
    const aReply = aThread.locator('.comment--reply', { hasText: '谢谢，春天也路过了你那里。' });
    await aReply.waitFor();
    expect(await aReply.locator('.comment__to').textContent()).toContain(`@${b.nickname}`);
    await b.page.goto('/myInform?type=comment');
    const reply = b.page.locator('.inform-tabs [role="tabpanel"] .message', { hasText: '回复了你' });
    await reply.getByText('谢谢，春天也路过了你那里。').waitFor();
    await reply.getByText(a.nickname).waitFor();
    // A's follow-back reached B as well.
    await b.page.getByRole('tab', { name: '新粉丝' }).click();
    await b.page.locator('.inform-tabs [role="tabpanel"] .message', { hasText: '关注了你' }).getByText(a.nickname).waitFor();
    await expectBell(b.page, 0);

    // The card counts the comment and its reply; B deletes the comment and both go.
    await cardCounts(b.page, a.id, sentenceId, 2);
    await b.page.goto(`/bellesDetails?id=${sentenceId}`);
    await waitForTitleStart(b.page, '拾句 | 句子详情 · 风从山那边来');
    const bThread = b.page.locator('#comments .comment-thread', { hasText: '读到这句，窗外正好起风。' });
    await bThread.locator('.comment--reply', { hasText: '谢谢，春天也路过了你那里。' }).waitFor();
    await b.page.locator('#comments .comments__count').getByText('2').waitFor();
    await settled(b.page);
    await bThread.locator('.comment').first().getByRole('button', { name: '删除' }).click();
    const confirm = b.page.getByRole('dialog', { name: '删除这条评论？' });
    // Zoomed in before its button is clicked (a click during the animation can miss a moving button).
    await opened(confirm);
    await confirm.getByText('它下面的回复也会一起删除。').waitFor();
    // Each step waits for the server: the deletion's answer, then the comments the app asks again after it (a slow
    // answer is not a thread left behind, and a failed one says so).
    const deletion = writeThenRead(b.page, /^\/api\/v1\/app\/essay\/delete\/comment\/\d+$/, /^\/api\/v1\/app\/essay\/comment\/page$/);
    await confirm.getByRole('button', { name: '删除' }).click();
    expect(await deletion.written).toMatchObject({ code: '00000' });
    const after = (await deletion.read) as Envelope<{ list: Array<{ content: string }> }>;
    expect(after.code).toBe('00000');
    expect(after.data.list.map((c) => c.content)).not.toContain('读到这句，窗外正好起风。');
    await bThread.waitFor({ state: 'detached' });
    await b.page.locator('#comments .comments__count').getByText('0').waitFor();
    await cardCounts(b.page, a.id, sentenceId, 0);
    // A long journey (two people, a dozen pages): the suite's 60 s is within reach of a loaded machine; this limit only
    // catches a hang.
  }, 240_000);

  it('the bell picks up a new notification within a minute while the page is visible', async () => {
    // A second tab of A's, with a controllable clock.
    const page = await openPage(browser());
    try {
      await page.clock.install();
      await page.goto('/aboutOur');
      await page.evaluate(
        ([t, u]) => {
          localStorage.setItem('accessToken', t!);
          localStorage.setItem('userInfo', u!);
        },
        [await storage(a.page, 'accessToken'), await storage(a.page, 'userInfo')] as const,
      );
      // The count the page asks on load is answered before B comments: otherwise that first answer may already
      // carry the new comment, and the bell shows it before any poll.
      const counted = page.waitForResponse(/\/api\/app\/app-users\/message$/);
      await page.goto('/aboutOur');
      await counted;
      await expectBell(page, 0);
      await apiIn(b.page, 'POST', '/api/v1/app/essay/comment', { essayId: sentenceId, content: '又来读了一遍。' });
      // The installed clock also runs at the real pace, so how much of the minute is left here depends on how busy the
      // machine was (a check that the bell still showed nothing half a minute on failed under load): the test moves it
      // a full poll interval on (UNREAD_POLL_MS), after which a poll has come.
      await page.clock.runFor(61_000);
      await expectBell(page, 1);

      // A hidden tab does not poll; it catches up as soon as it is shown again.
      const setVisibility = (state: 'hidden' | 'visible') =>
        page.evaluate((v) => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });
          document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
        }, state);
      await setVisibility('hidden');
      await apiIn(b.page, 'POST', '/api/v1/app/essay/comment', { essayId: sentenceId, content: '第三遍，还是喜欢。' });
      const asked = () =>
        page.waitForRequest(/\/api\/app\/app-users\/message$/, { timeout: 1_500 }).then(
          () => true,
          () => false,
        );
      const polled = asked();
      await page.clock.runFor(61_000);
      expect(await polled).toBe(false);
      await expectBell(page, 1);
      await setVisibility('visible');
      await expectBell(page, 2);
    } finally {
      await closePage(page);
    }
  });

  it('a profile edit shows in the header at once and survives reload', async () => {
    const page = a.page;
    await page.goto('/space?tab=settings');
    await waitForTitle(page, '拾句 | 个人中心');
    const form = page.locator('form#profile');
    await form.getByLabel('昵称').fill('改了名的甲');
    await form.getByLabel('个人简介').fill('写风，也写等风的人。');
    await form.getByRole('button', { name: '保存资料' }).click();
    await page.locator('.header__desktop .user-menu').getByText('改了名的甲').waitFor();
    expect(JSON.parse((await storage(page, 'userInfo'))!)).toMatchObject({ nickname: '改了名的甲', bio: '写风，也写等风的人。' });
    await page.reload();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('settings');
    await page.locator('.profile-card__name').getByText('改了名的甲').waitFor();
    await page.locator('.profile-card__bio').getByText('写风，也写等风的人。').waitFor();
  });

  it('uploads an avatar: ready with a preview, then success; a non-image fails with the reason', async () => {
    const page = a.page;
    await page.goto('/space?tab=settings');
    const input = page.locator('.avatar-field input[type="file"]');

    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    const file = page.locator('.avatar-file');
    await file.locator('.avatar-file__status').getByText('待上传').waitFor();
    await file.getByRole('button', { name: '上传并设为头像' }).click();
    await file.locator('.avatar-file__status').getByText('上传失败').waitFor();
    await file
      .locator('.avatar-file__error')
      .getByText(/仅支持|不支持/)
      .waitFor();

    // A real 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await file.locator('.avatar-file__status').getByText('待上传').waitFor();
    expect(await file.locator('img.avatar-file__preview').getAttribute('src')).toMatch(/^blob:/);
    await file.getByRole('button', { name: '上传并设为头像' }).click();
    await file.locator('.avatar-file__status').getByText('上传成功').waitFor();
    await expect.poll(async () => JSON.parse((await storage(page, 'userInfo'))!).avatar as string).toMatch(/^\/uploads\//);
    expect(await page.locator('.header__desktop .user-menu img').getAttribute('src')).toMatch(/^\/uploads\//);
  });

  it('keeps collections private: others see a friendly private page, no error toast', async () => {
    await apiIn(a.page, 'POST', '/api/v1/app/essay/beLike', { essayId: sentenceId, type: 'collect' });
    await a.page.goto('/space?tab=settings');
    const sw = a.page.getByRole('switch', { name: '公开我的收藏' });
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('false');
    await a.page.getByText('仅自己可见，别人打开时会看到“私密”').first().waitFor();

    await b.page.goto(`/othersCollect?id=${a.id}`);
    // A renamed themselves above: the tab carries the name they have now.
    await waitForTitle(b.page, '拾句 | TA的收藏 · 改了名的甲');
    await b.page.getByText('TA 的收藏是私密的').waitFor();
    await b.page.getByText('TA 设置了仅自己可见').waitFor();
    expect(await toastCount(b.page, FORBIDDEN_TOAST)).toBe(0);
    // Likes stay public.
    await b.page.goto(`/othersLike?id=${a.id}`);
    await b.page.getByRole('heading', { name: /的喜欢$/ }).waitFor();
    expect(await b.page.getByText('私密的').count()).toBe(0);

    // The owner still sees their own.
    await a.page.goto(`/othersCollect?id=${a.id}`);
    await a.page.locator('.essay-card').getByText('风从山那边来').waitFor();
  });

  it('deletes one of my texts from /space after confirming', async () => {
    const page = a.page;
    const draftId = await writeSentence(a, '这是一句还没想好的草稿。', 'draft');
    await page.goto('/space?tab=drafts');
    const card = page.locator('.own-essay', { has: page.locator(`a[href="/bellesDetails?id=${draftId}"]`) });
    await card.getByRole('link', { name: '编辑' }).waitFor();
    expect(await card.getByRole('link', { name: '编辑' }).getAttribute('href')).toBe(`/editorialEssay?id=${draftId}`);
    // Cancelled first: nothing happens.
    await card.getByRole('button', { name: '删除' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '保留' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.waitFor();
    await card.getByRole('button', { name: '删除' }).click();
    await dialog.getByRole('button', { name: '删除' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByText('没有草稿').waitFor();
  });

  it('drops a deleted text from 首页 without a reload', async () => {
    const page = a.page;
    const text = '删掉之后，首页不该再留着这一句。';
    const id = await writeSentence(a, text);
    await page.goto('/home');
    // 最新 lists the newest first: the text just written.
    const newest = page.locator('.feed .essay-card').first();
    await expect.poll(() => newest.textContent(), { timeout: 15_000 }).toContain(text);
    // Into 我的空间 within the app, so 首页's cached list is still there when we come back.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/space');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const card = page.locator('.own-essay', { has: page.locator(`a[href="/bellesDetails?id=${id}"]`) });
    await card.getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog');
    await opened(confirm);
    // The deletion is answered before the card is expected gone (a slow answer is not a card left behind).
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v1/app/essay/${id}`), {
      timeout: 60_000,
    });
    await confirm.getByRole('button', { name: '删除' }).click();
    expect((await deleted).ok()).toBe(true);
    await card.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页', exact: true }).click();
    await waitForPath(page, '/home');
    // A cached copy may show for a moment while the list is asked again; it must not stay.
    await newest.waitFor();
    await expect.poll(() => newest.textContent(), { timeout: 15_000 }).not.toContain(text);
  });

  it('checks the password form like the server and reports a wrong old password beside it', async () => {
    const page = b.page;
    await page.goto('/space?tab=settings');
    const form = page.locator('form#password');
    await form.getByLabel('原密码').fill('wrong-password');
    await form.getByLabel('新密码', { exact: true }).fill('12345678');
    await form.getByLabel('确认新密码').fill('12345679');
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByText('新密码不能全是数字').waitFor();
    await form.getByText('两次输入的新密码不一致').waitFor();
    await form.getByLabel('新密码', { exact: true }).fill('mingyue2027');
    await form.getByLabel('确认新密码').fill('mingyue2027');
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByText('原密码不正确').waitFor();
    await form.getByLabel('原密码').fill(PASSWORD);
    await form.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('密码已修改').waitFor();
    // Still signed in here.
    await page.reload();
    await page.locator('.profile-card__name').getByText(b.nickname).waitFor();
  });
});

describe('announcements', () => {
  const browser = useBrowser();
  let reader: Person;
  beforeAll(async () => {
    reader = await signUp(browser(), 'notice', '看公告的人');
  });
  afterAll(async () => closePage(reader.page));

  it('lists pinned first with unread dots; opening one marks it read', async () => {
    const page = reader.page;
    await page.goto('/bulletinBoard');
    await waitForTitle(page, '拾句 | 公告');
    const items = page.locator('.bulletin-item');
    await items.first().waitFor();
    // The server's copy is a visitor's (no read state): the reader's own list replaces it.
    await appRunning(page);
    // Pinned first.
    await items.first().locator('.tag-label').getByText('置顶').waitFor();
    const unreadBefore = await page.locator('.bulletin-item.is-unread').count();
    expect(unreadBefore).toBeGreaterThan(1);
    const title = (await items.nth(1).locator('.bulletin-item__title').textContent())!;
    await items.nth(1).click();
    await waitForPath(page, '/bulletinDetails');
    await waitForTitle(page, `拾句 | 公告详情 · ${title.trim()}`);
    await page.locator('.bulletin-article__title').getByText(title).waitFor();
    expect(await page.locator('.bulletin-article__content').innerHTML()).toMatch(/<p>/);
    await page.getByRole('link', { name: '返回公告列表' }).click();
    await waitForPath(page, '/bulletinBoard');
    await expect.poll(() => page.locator('.bulletin-item.is-unread').count()).toBe(unreadBefore - 1);
    expect(await page.locator('.bulletin-item', { hasText: title }).getAttribute('class')).not.toContain('is-unread');
  });

  it('marks everything read from /myInform, announcements included', async () => {
    const page = reader.page;
    await page.goto('/myInform?type=announcement');
    await waitForTitle(page, '拾句 | 我的通知');
    await page.locator('.inform-tabs .bulletin-item.is-unread').first().waitFor();
    const markAll = page.getByRole('button', { name: '全部标为已读' });
    await markAll.click();
    await page.getByText('已全部标为已读').waitFor();
    await expect.poll(() => page.locator('.inform-tabs .bulletin-item.is-unread').count()).toBe(0);
    expect(await page.locator('.inform-tab__dot').count()).toBe(0);
    await expect.poll(() => markAll.isDisabled()).toBe(true);
    await page.goto('/bulletinBoard');
    await page.locator('.bulletin-item').first().waitFor();
    await appRunning(page);
    expect(await page.locator('.bulletin-item.is-unread').count()).toBe(0);
  });

  it('shows a visitor the list without read dots', async () => {
    const page = await openPage(browser(), { width: 375, height: 812 });
    try {
      await page.goto('/bulletinBoard');
      await page.locator('.bulletin-item').first().waitFor();
      expect(await page.locator('.unread-dot').count()).toBe(0);
    } finally {
      await closePage(page);
    }
  });
});
