/**
 * The whole site in 繁體 in the browser: opencc-js (phrase level for Taiwan, Hong Kong's standard characters),
 * loaded by dynamic import only when a reader chose it, converts the page's text and the words of its attributes,
 * and a MutationObserver converts whatever the app draws afterwards before it is painted. Text inside
 * `[data-zh-keep]` (a stored Traditional original) is left as it is, and so are form fields the reader types in.
 */
import type { ReadingZh } from '@shiju/contract/core';

type Convert = (text: string) => string;

const ATTRIBUTES = ['title', 'placeholder', 'aria-label', 'alt'];
const SKIP = 'script, style, textarea, [contenteditable="true"], [data-zh-keep]';

let active: { variant: Exclude<ReadingZh, 'hans'>; convert: Convert; observer: MutationObserver } | null = null;

export function zhActive(): boolean {
  return active !== null;
}

/** Loads the converter for a variant (its own chunk; about 1 MB of tables before compression). */
export async function loadConverter(variant: Exclude<ReadingZh, 'hans'>): Promise<Convert> {
  const OpenCC = await import('opencc-js/cn2t');
  return OpenCC.Converter({ from: 'cn', to: variant === 'tw' ? 'twp' : 'hk' });
}

/** Traditional (any variant) to Simplified, for what a reader types (默写 accepts either); its own chunk too. */
export async function loadToSimplified(): Promise<Convert> {
  const OpenCC = await import('opencc-js/t2cn');
  const fromTw = OpenCC.Converter({ from: 'tw', to: 'cn' });
  const fromHk = OpenCC.Converter({ from: 'hk', to: 'cn' });
  return (text) => fromHk(fromTw(text));
}

function convertText(node: Text, convert: Convert): void {
  const parent = node.parentElement;
  if (!parent || parent.closest(SKIP)) return;
  const value = node.nodeValue ?? '';
  if (!/[\u3400-\u9fff]/.test(value)) return;
  const next = convert(value);
  if (next !== value) node.nodeValue = next;
}

function convertAttributes(el: Element, convert: Convert): void {
  if (el.closest(SKIP)) return;
  for (const name of ATTRIBUTES) {
    const value = el.getAttribute(name);
    if (value && /[\u3400-\u9fff]/.test(value)) {
      const next = convert(value);
      if (next !== value) el.setAttribute(name, next);
    }
  }
}

/** Converts a subtree's text and attributes. */
export function convertTree(root: Node, convert: Convert): void {
  if (root.nodeType === Node.TEXT_NODE) return convertText(root as Text, convert);
  if (root.nodeType !== Node.ELEMENT_NODE) return;
  convertAttributes(root as Element, convert);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) convertText(n as Text, convert);
    else convertAttributes(n as Element, convert);
  }
}

/** Turns the page to 繁體 and keeps it so. */
export async function startZh(variant: Exclude<ReadingZh, 'hans'>): Promise<void> {
  if (active) return;
  const convert = await loadConverter(variant);
  if (active) return;
  const root = document.documentElement;
  root.lang = variant === 'hk' ? 'zh-Hant-HK' : 'zh-Hant-TW';
  root.setAttribute('data-zh', variant);
  root.removeAttribute('data-zh-pending');
  convertTree(document.body, convert);
  document.title = convert(document.title);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') convertText(r.target as Text, convert);
      else if (r.type === 'attributes') convertAttributes(r.target as Element, convert);
      else r.addedNodes.forEach((n) => convertTree(n, convert));
    }
    if (/[\u3400-\u9fff]/.test(document.title)) {
      const t = convert(document.title);
      if (t !== document.title) document.title = t;
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRIBUTES });
  observer.observe(document.head, { subtree: true, childList: true, characterData: true });
  active = { variant, convert, observer };
}
