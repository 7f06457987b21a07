import type { Page } from 'playwright-core';
import { baseURL, uniqueUsername } from './helpers.js';

/** Helpers shared by the reading and writing journeys. */

export interface Account {
  username: string;
  password: string;
  nickname: string;
  accessToken: string;
  userInfo: { id: number; nickname: string };
}

/** Registers a fresh user through the API (quicker than the form, which auth.e2e covers). */
export async function registerUser(prefix: string, nickname: string): Promise<Account> {
  const username = uniqueUsername(prefix);
  const password = 'mingyue2026';
  const res = await fetch(`${baseURL}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, nickname, agree: true }),
  });
  const body = (await res.json()) as { code: string; data: { accessToken: string; userInfo: Account['userInfo'] } };
  if (body.code !== '00000') throw new Error(`register failed: ${JSON.stringify(body)}`);
  return { username, password, nickname, ...body.data };
}

/** Makes the page start signed in as `account` (the storage the app reads, docs/rules.md#browser-storage). */
export async function signInAs(page: Page, account: Account): Promise<void> {
  await page.addInitScript(
    ([token, info]) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('userInfo', info);
    },
    [account.accessToken, JSON.stringify(account.userInfo)] as const,
  );
}

/** Calls the API directly (for checks the UI should agree with). */
export async function callApi<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: string; data: T };
  if (env.code !== '00000') throw new Error(`${method} ${path}: ${JSON.stringify(env)}`);
  return env.data;
}

export { settled } from './helpers.js';

/** The id of 李白's 静夜思 in the starter library (唐诗三百首's wording, 床前明月光). */
export async function jingyesi(): Promise<number> {
  const page = await callApi<{ list: { id: number; workAuthor: string | null; summary: string }[] }>('POST', '/api/v1/es/essays/pc/page', {
    keyword: '静夜思',
    pageSize: 20,
  });
  const found = page.list.find((e) => e.workAuthor === '李白' && e.summary.includes('床前明月光'));
  if (!found) throw new Error('静夜思 is not in the starter library');
  return found.id;
}

/** A small PNG drawn on a canvas in the page, as bytes to upload. */
export async function makePng(page: Page, colour = '#8c3b2f'): Promise<Buffer> {
  const dataUrl = await page.evaluate((c) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 40;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 64, 40);
    ctx.fillStyle = '#faf8f3';
    ctx.fillRect(8, 8, 20, 20);
    return canvas.toDataURL('image/png');
  }, colour);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
