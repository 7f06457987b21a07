export { afterAnnouncementsRead, announcementQueries } from './api/announcements.js';
export { AnnouncementItem } from './components/AnnouncementItem.js';
