// Runs before the first paint (a blocking script in <head>; same origin, so the CSP's script-src 'self' allows it).
// It marks <html> with what only this browser knows, so the server's page is drawn right from the start:
// data-signed-in when the seed's userInfo is kept (the header keeps no 登录/注册 for a signed-in reader), and
// data-returning once this browser has been here before (the 首页 hero is for first-time visitors only).
(function () {
  try {
    var root = document.documentElement;
    var user = JSON.parse(localStorage.getItem('userInfo') || 'null');
    if (user && typeof user === 'object') root.setAttribute('data-signed-in', '');
    if (localStorage.getItem('shiju:visited')) root.setAttribute('data-returning', '');
  } catch {
    // Storage unavailable: the page is drawn as for a first-time visitor.
  }
})();
