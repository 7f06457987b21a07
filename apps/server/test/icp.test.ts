/**
 * The ICP 备案号 (ICP_BEIAN): parsed and checked at start, carried by the theme call's answer (which the app's footer
 * reads and the pages the app draws on the server carry), and in the footer of the server's plain pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ICP_REGISTER } from '@shiju/contract';
import { loadConfig } from '../src/config.js';
import { callAs, createTestApp, type TestContext } from './helper.js';

const ICP = '京ICP备12345678号-1';

describe('ICP_BEIAN', () => {
  it('is trimmed, optional, at most 50 characters and plain text', () => {
    expect(loadConfig({ ICP_BEIAN: `  ${ICP} ` }).icpBeian).toBe(ICP);
    expect(loadConfig({}).icpBeian).toBeNull();
    expect(loadConfig({ ICP_BEIAN: '   ' }).icpBeian).toBeNull();
    expect(loadConfig({ ICP_BEIAN: '京'.repeat(50) }).icpBeian).toBe('京'.repeat(50));
    expect(() => loadConfig({ ICP_BEIAN: '京'.repeat(51) })).toThrow(/ICP_BEIAN: 最多 50 个字符/);
    for (const markup of ['<a href="x">京ICP备1号</a>', '京ICP备1号<br>', '京ICP备1号&nbsp;', '京ICP备\n1号'])
      expect(() => loadConfig({ ICP_BEIAN: markup }), markup).toThrow(/ICP_BEIAN: 只能是备案号文字/);
  });
});

// The shape `vite build` gives index.html, for the server's plain pages.
const template = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>拾句</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('the ICP line', () => {
  const opened: TestContext[] = [];
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-icp-'));
  fs.writeFileSync(path.join(web, 'index.html'), template);
  afterAll(async () => {
    for (const t of opened) await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });
  const appWith = async (env: Record<string, string>) => {
    const t = await createTestApp({}, { WEB_DIST: web, ...env });
    opened.push(t);
    return t;
  };

  it('comes with the theme and in the footer of the server’s pages when configured', async () => {
    const t = await appWith({ ICP_BEIAN: ICP });
    const theme = await callAs(t.app, 'theme', { query: { type: 0 } });
    expect(theme.data).toMatchObject({ type: 0, icp: ICP });
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<p class="footer__icp"><a href="${ICP_REGISTER}" target="_blank" rel="noopener noreferrer">${ICP}</a></p>`,
    );
  });

  it('is left out without ICP_BEIAN', async () => {
    const t = await appWith({});
    const theme = await callAs(t.app, 'theme', { query: { type: 0 } });
    expect(theme.code).toBe('00000');
    expect(theme.data.icp).toBeNull();
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="footer"');
    expect(page.body).not.toContain('footer__icp');
    expect(page.body).not.toContain(ICP_REGISTER);
  });
});
