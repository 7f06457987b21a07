export { siteQueries } from './api/site.js';
export { afterActivity, loadTheme, pingActivity } from './api/startup.js';
export { IcpLink, useIcp } from './components/IcpLink.js';
export { SiteLinks } from './components/SiteLinks.js';
