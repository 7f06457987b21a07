import type { Handlers } from '../http/routes.js';
import { adHandlers } from './ads/routes.js';
import { auditHandlers } from './audit/routes.js';
import { dashboardHandlers } from './dashboard/routes.js';
import { reportHandlers } from './reports/routes.js';
import { announcementHandlers } from './announcements/routes.js';
import { authHandlers } from './auth/routes.js';
import { commentHandlers } from './comments/routes.js';
import { discoveryHandlers } from './discovery/routes.js';
import { messageHandlers } from './messages/routes.js';
import { orderHandlers } from './orders/routes.js';
import { socialHandlers } from './social/routes.js';
import { classificationHandlers } from './classifications/routes.js';
import { essayHandlers } from './essays/routes.js';
import { fileHandlers } from './files/routes.js';
import { siteHandlers } from './site/routes.js';
import { tagHandlers } from './tags/routes.js';
import { userHandlers } from './users/routes.js';
import { wechatHandlers } from './wechat/routes.js';
import { openHandlers } from './open/routes.js';
import { peopleHandlers } from './people/routes.js';
import { exportHandlers } from './export/routes.js';
import { mailHandlers } from './mail/routes.js';

/** The handler of every call, by contract id; registration refuses to start when one is missing (http/routes.ts). */
export const handlers: Handlers = {
  ...siteHandlers,
  ...authHandlers,
  ...userHandlers,
  ...classificationHandlers,
  ...tagHandlers,
  ...essayHandlers,
  ...fileHandlers,
  ...commentHandlers,
  ...socialHandlers,
  ...messageHandlers,
  ...announcementHandlers,
  ...wechatHandlers,
  ...discoveryHandlers,
  ...adHandlers,
  ...orderHandlers,
  ...reportHandlers,
  ...auditHandlers,
  ...dashboardHandlers,
  ...openHandlers,
  ...peopleHandlers,
  ...exportHandlers,
  ...mailHandlers,
};
