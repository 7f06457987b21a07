// Runs before the first paint (a blocking script in <head>; same origin, so the CSP's script-src 'self' allows it).
// It puts the reader's reading preferences (components/reading/prefs.ts keeps them in localStorage) on <html>, so the
// server's page is drawn in the right theme, size and setting from the start: no flash of the wrong theme.
(function () {
  var root = document.documentElement;
  var p = {};
  try {
    p = JSON.parse(localStorage.getItem('shiju:readingPrefs') || '{}') || {};
  } catch {
    p = {};
  }
  var dark = p.theme === 'dark';
  if (p.theme !== 'dark' && p.theme !== 'light') {
    try {
      dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    } catch {
      dark = false;
    }
  }
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
  if (p.fontSize === 0 || p.fontSize === 1 || p.fontSize === 3 || p.fontSize === 4) root.setAttribute('data-font-size', String(p.fontSize));
  if (p.lineHeight === 'compact' || p.lineHeight === 'loose') root.setAttribute('data-line-height', p.lineHeight);
  if (p.font === 'sans') root.setAttribute('data-font', 'sans');
  if (p.vertical === true) root.setAttribute('data-vertical', '');
  if (p.pinyin === true) root.setAttribute('data-pinyin', '');
  // 繁體: the server already converted its page when the cookie came with the request (it marks data-zh itself);
  // otherwise the app converts as it starts.
  if ((p.zh === 'tw' || p.zh === 'hk') && !root.hasAttribute('data-zh')) root.setAttribute('data-zh-pending', p.zh);
})();
