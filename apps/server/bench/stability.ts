/**
 * Does each public page load once, in one layout? For every public route at 1440 and 390 px in Chromium (a fresh
 * visitor, cold cache): the boxes of header, main, footer and the header's account area at first contentful paint
 * against network idle (largest move in px), the cumulative layout shift, hydration errors in the console, the API
 * calls the page made while loading, and how many times the 加载中 mask appeared. Figures, not a gate.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';

export interface StabilityRow {
  route: string;
  width: number;
  /** Largest move of a box edge between first paint and idle, px (null: the box was missing at one of them). */
  moved: Record<string, number | null>;
  cls: number;
  hydrationErrors: number;
  apiCalls: number;
  masks: number;
}

const PARTS = {
  header: 'header.header',
  main: 'main.shell__main, main',
  footer: 'footer.footer',
  account: '.header__actions, .header__mobile',
};

/**
 * Runs in the page before its scripts: box snapshots at first contentful paint, layout shifts, mask appearances.
 * Plain text, not a function: the bundler's helpers would not exist in the page.
 */
const RECORD_LOAD = `(() => {
  const parts = ${JSON.stringify(PARTS)};
  const w = window;
  w.__stab = { fcp: null, cls: 0, masks: 0 };
  const boxes = () => {
    const out = {};
    for (const [k, sel] of Object.entries(parts)) {
      const el = [...document.querySelectorAll(sel)].find((e) => e.offsetParent !== null || e.tagName === 'MAIN');
      const r = el && el.getBoundingClientRect();
      out[k] = r && r.width > 0 ? { x: r.left, y: r.top + window.scrollY, w: r.width, h: r.height } : null;
    }
    return out;
  };
  w.__boxes = boxes;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint' && !w.__stab.fcp) w.__stab.fcp = boxes();
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) w.__stab.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  let shown = false;
  new MutationObserver(() => {
    const now = !!document.querySelector('.loading-mask.is-visible');
    if (now && !shown) w.__stab.masks += 1;
    shown = now;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
})();`;

async function measureOne(browser: Browser, base: string, route: string, width: number): Promise<StabilityRow> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, locale: 'zh-CN' });
  await context.addInitScript(() => localStorage.setItem('shiju:tourSeen', 'bench'));
  await context.addInitScript({ content: RECORD_LOAD });
  const page = await context.newPage();
  let hydrationErrors = 0;
  let apiCalls = 0;
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) hydrationErrors += 1;
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls += 1;
  });
  await page.goto(base + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(600);
  const result = await page.evaluate(() => {
    const w = window as unknown as {
      __stab: { fcp: Record<string, { x: number; y: number; w: number; h: number } | null> | null; cls: number; masks: number };
      __boxes: () => Record<string, { x: number; y: number; w: number; h: number } | null>;
    };
    return { fcp: w.__stab.fcp, idle: w.__boxes(), cls: w.__stab.cls, masks: w.__stab.masks };
  });
  await context.close();
  const moved: Record<string, number | null> = {};
  for (const k of Object.keys(PARTS)) {
    const a = result.fcp?.[k];
    const b = result.idle[k];
    // The footer's top follows the page's length: compare where it starts only when both are on the first screen.
    moved[k] =
      a && b
        ? Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.w - b.w), k === 'main' || k === 'footer' ? 0 : Math.abs(a.h - b.h))
        : null;
  }
  return { route, width, moved, cls: result.cls, hydrationErrors, apiCalls, masks: result.masks };
}

export async function measureStability(base: string, routes: string[]): Promise<StabilityRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const rows: StabilityRow[] = [];
    for (const route of routes) for (const width of [1440, 390]) rows.push(await measureOne(browser, base, route, width));
    return rows;
  } finally {
    await browser.close();
  }
}

export function formatStability(rows: StabilityRow[]): string {
  const px = (n: number | null) => (n === null ? 'missing' : n.toFixed(0));
  const lines = [
    '| route | width | header Δpx | main Δpx | footer Δpx | account Δpx | CLS | hydration errors | API calls at load | masks |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    '| target |  | ≤ 4 | ≤ 4 | ≤ 4 | ≤ 4 | < 0.05 | 0 |  | ≤ 1 |',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.route.replace(/=\d+/g, '=…')} | ${r.width} | ${px(r.moved.header!)} | ${px(r.moved.main!)} | ${px(r.moved.footer!)} | ${px(r.moved.account!)} | ${r.cls.toFixed(3)} | ${r.hydrationErrors} | ${r.apiCalls} | ${r.masks} |`,
    );
  return lines.join('\n');
}
