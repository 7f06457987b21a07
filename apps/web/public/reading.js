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
  // A link that names a script (?zh=hant, tw, hk or hans) is the reader's choice from here on, as the settings
  // panel's would be: kept, and sent to the server with the next pages (components/reading/prefs.ts writeZhCookie).
  var asked = typeof location === 'undefined' ? null : /[?&]zh=([^&#]*)/.exec(location.search);
  var zh = asked ? { hant: 'tw', tw: 'tw', hk: 'hk', hans: 'hans' }[asked[1]] : undefined;
  if (zh && zh !== (p.zh || 'hans')) {
    p.zh = zh;
    try {
      localStorage.setItem('shiju:readingPrefs', JSON.stringify(p));
    } catch {
      // storage refused (private mode): this page still shows the script the link asked for
    }
    var secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie =
      zh === 'hans'
        ? 'zh_variant=; Path=/; Max-Age=0; SameSite=Lax' + secure
        : 'zh_variant=' + zh + '; Path=/; Max-Age=31536000; SameSite=Lax' + secure;
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
