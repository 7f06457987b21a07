/**
 * Puts ruby pinyin over the Chinese characters of some elements, and takes it off again. Only text nodes are
 * touched: each is swapped for a span of <ruby> (kept aside), and taking the pinyin off puts the very same text
 * nodes back, so whatever drew them (React, the notes' marks) still owns them.
 */
import type { RubyChar } from './pinyin.js';

const HAN = /\p{Script=Han}/u;

function rubyRun(chars: RubyChar[]): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = 'py-run';
  let plain = '';
  const flush = () => {
    if (plain) span.append(document.createTextNode(plain));
    plain = '';
  };
  for (const c of chars) {
    if (!c.py) {
      plain += c.ch;
      continue;
    }
    flush();
    const ruby = document.createElement('ruby');
    ruby.append(document.createTextNode(c.ch));
    const rt = document.createElement('rt');
    rt.textContent = c.py;
    ruby.append(rt);
    if (c.classical) {
      ruby.className = 'py-classical';
      ruby.title = `旧读 ${c.classical}`;
      ruby.dataset.classical = c.classical;
    }
    span.append(ruby);
  }
  flush();
  return span;
}

/** Adds pinyin under `roots`; answers the function that takes it off. */
export function addRuby(roots: Iterable<Element>, annotate: (text: string) => RubyChar[]): () => void {
  const swapped: Array<[HTMLSpanElement, Text]> = [];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n as Text;
      if (t.parentElement?.closest('rt, ruby, script, style, .py-run') || !HAN.test(t.nodeValue ?? '')) continue;
      texts.push(t);
    }
    for (const t of texts) {
      const span = rubyRun(annotate(t.nodeValue ?? ''));
      t.replaceWith(span);
      swapped.push([span, t]);
    }
  }
  return () => {
    for (const [span, t] of swapped.reverse()) if (span.isConnected) span.replaceWith(t);
  };
}
