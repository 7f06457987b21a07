import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startServer, webDist, type RunningServer } from './server.js';
import { startWechatStandin } from '../../server/test/standins/wechatpay.js';
import { startMailbox } from '../../server/test/mailbox.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
    /** The local WeChat Pay stand-in the server is configured with (POST {it}/__standin/pay/{orderNo} pays). */
    wechatPayStandin: string;
    /** Where the local SMTP server saves the mail the site sends (one JSON file per message). */
    mailDir: string;
  }
}

export const MANUAL_PAYMENT = {
  PAYMENT_MANUAL_PAYEE: '拾句文化（测试）',
  PAYMENT_MANUAL_BANK: '测试银行',
  PAYMENT_MANUAL_ACCOUNT: '6200000000000001',
};

export default async function setup(project: TestProject) {
  // While developing: E2E_BASE_URL=http://127.0.0.1:3100 reuses a server that is already running.
  const external = process.env.E2E_BASE_URL;
  if (external) {
    const browserServer = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    project.provide('baseURL', external.replace(/\/$/, ''));
    project.provide('wsEndpoint', browserServer.wsEndpoint());
    // That server's mail goes wherever it is configured to: the mail journeys need the suite's own server.
    project.provide('mailDir', '');
    return () => browserServer.close();
  }
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first (npm run test:e2e -w apps/web does).');
  }
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: install it with \`apt-get install -y chromium fonts-noto-cjk\`.`);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-e2e-'));
  // The site's mail (email binding, password recovery) goes to a local SMTP server that saves it for the tests.
  const mailDir = path.join(dataDir, 'mail');
  fs.mkdirSync(mailDir);
  const mailbox = await startMailbox({ saveTo: mailDir });
  // WeChat Pay is the local stand-in (real keys and signatures), so the QR-code journey can run end to end.
  const wechatPay = await startWechatStandin();
  let server: RunningServer | undefined;
  let browserServer: BrowserServer | undefined;
  const teardown = async () => {
    await browserServer?.close().catch(() => undefined);
    await server?.stop();
    await wechatPay.close();
    await mailbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // The compiled server, as production runs it (the WeChat Pay stand-in's notifications go to its address).
    server = await startServer((baseURL) => ({
      DATA_DIR: dataDir,
      // A bank account to transfer to, so the manual payment journey (pay, editor confirms) can run.
      ...MANUAL_PAYMENT,
      ...wechatPay.env(baseURL),
      // Every journey signs up from this one address; the real limit (20 per 10 minutes) is the server tests' to prove.
      SIGNUPS_PER_IP: '1000',
      SMTP_URL: mailbox.url,
      MAIL_FROM: '拾句 <no-reply@shiju.test>',
    }));
    browserServer = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (e) {
    await teardown();
    throw e;
  }
  const baseURL = server.baseURL;

  project.provide('baseURL', baseURL);
  project.provide('wsEndpoint', browserServer.wsEndpoint());
  project.provide('wechatPayStandin', wechatPay.base);
  project.provide('mailDir', mailDir);
  return teardown;
}
