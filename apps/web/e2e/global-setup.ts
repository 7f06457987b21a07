import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureServerBuilt, serverDist } from '../../../scripts/lib.mjs';
import { startWechatStandin } from '../../server/test/standins/wechatpay.js';
import { startMailbox } from '../../server/test/mailbox.js';

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

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// E2E_WEB_DIST lets several people build and test side by side without overwriting one dist folder.
const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEALTH_TIMEOUT_MS = 120_000;

export const MANUAL_PAYMENT = {
  PAYMENT_MANUAL_PAYEE: '拾句文化（测试）',
  PAYMENT_MANUAL_BANK: '测试银行',
  PAYMENT_MANUAL_ACCOUNT: '6200000000000001',
};

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls /api/health until the envelope says 00000 (the first start loads the starter library). */
async function waitForHealth(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      const body = (await res.json()) as { code?: string };
      if (body.code === '00000') return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS / 1000} s:\n${log()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

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
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  // WeChat Pay is the local stand-in (real keys and signatures), so the QR-code journey can run end to end.
  const wechatPay = await startWechatStandin();
  // The compiled server, as production runs it.
  await ensureServerBuilt();
  const server = spawn(process.execPath, [path.join(serverDist, 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      // A bank account to transfer to, so the manual payment journey (pay, editor confirms) can run.
      ...MANUAL_PAYMENT,
      ...wechatPay.env(baseURL),
      // Every journey signs up from this one address; the real limit (20 per 10 minutes) is the server tests' to prove.
      SIGNUPS_PER_IP: '1000',
      SMTP_URL: mailbox.url,
      MAIL_FROM: '拾句 <no-reply@shiju.test>',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  let browserServer: BrowserServer | undefined;
  const teardown = async () => {
    await browserServer?.close().catch(() => undefined);
    await stop(server);
    await wechatPay.close();
    await mailbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, server, () => output.join('').slice(-4000));
    browserServer = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (e) {
    await teardown();
    throw e;
  }

  project.provide('baseURL', baseURL);
  project.provide('wsEndpoint', browserServer.wsEndpoint());
  project.provide('wechatPayStandin', wechatPay.base);
  project.provide('mailDir', mailDir);
  return teardown;
}
