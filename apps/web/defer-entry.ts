/**
 * The app's code is fetched after the browser has painted the page the server sent (the reader's first pages arrive
 * drawn: ssr/render.tsx), so the first paint does not wait for, nor share the connection with, the app's scripts.
 * The build's entry script and its module preloads become a data block that a tiny classic script (boot.js, also
 * emitted here) turns back into a module script and preloads once the browser reports its first paint (no timers:
 * pages whose clock is stopped, as in tests, still start).
 */
import type { Plugin } from 'vite';

const BOOT = `(function () {
  var el = document.getElementById('shiju-app');
  if (!el) return;
  var app = JSON.parse(el.textContent);
  var started = false;
  function load() {
    if (started) return;
    started = true;
    app.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.entry;
    document.head.appendChild(script);
  }
  // A page the server drew is painted first, then the app's code is asked for; an empty page asks at once.
  var root = document.getElementById('root');
  var paints = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (!root || !root.firstElementChild || !paints) return load();
  new PerformanceObserver(function (list, observer) {
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
})();
`;

export function deferEntry(): Plugin {
  let bootFile = '';
  return {
    name: 'shiju-defer-entry',
    apply: 'build',
    generateBundle() {
      const ref = this.emitFile({ type: 'asset', name: 'boot.js', source: BOOT });
      bootFile = this.getFileName(ref);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry || !bootFile) return html;
        const preload: string[] = [];
        const out = html
          .replace(entry[0], '')
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_m, href: string) => (preload.push(href), ''));
        const data = JSON.stringify({ entry: entry[1], preload }).replace(/</g, '\\u003c');
        return out.replace(
          '</head>',
          `  <script type="application/json" id="shiju-app">${data}</script>\n    <script defer src="/${bootFile}"></script>\n  </head>`,
        );
      },
    },
  };
}
