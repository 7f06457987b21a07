import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import { handlerTable, type Handlers } from '../http/routes.js';
import type { Runtime } from '../runtime.js';
import { adHandlers } from './ads/index.js';
import { auditHandlers } from './audit/index.js';
import { dashboardHandlers } from './dashboard/index.js';
import { reportHandlers } from './reports/index.js';
import { announcementHandlers } from './announcements/index.js';
import { authHandlers } from './auth/index.js';
import { commentHandlers } from './comments/index.js';
import { noteHandlers } from './notes/index.js';
import { highlightHandlers } from './highlights/index.js';
import { collectionHandlers } from './collections/index.js';
import { muteHandlers } from './mutes/index.js';
import { reviewHandlers } from './review/index.js';
import { toneHandlers } from './tones/index.js';
import { coachHandlers } from './coach/index.js';
import { discoveryHandlers } from './discovery/index.js';
import { messageHandlers } from './messages/index.js';
import { orderHandlers } from './orders/index.js';
import { socialHandlers } from './social/index.js';
import { classificationHandlers } from './classifications/index.js';
import { essayHandlers } from './essays/index.js';
import { attributionHandlers } from './attributions/index.js';
import { duplicateHandlers } from './duplicates/index.js';
import { conflictHandlers } from './conflicts/index.js';
import { fileHandlers } from './files/index.js';
import { siteHandlers } from './site/index.js';
import { tagHandlers } from './tags/index.js';
import { userHandlers } from './users/index.js';
import { wechatHandlers } from './wechat/index.js';
import { openHandlers } from './open/index.js';
import { peopleHandlers } from './people/index.js';
import { exportHandlers } from './export/index.js';
import { mailHandlers } from './mail/index.js';
import { challengeHandlers } from './challenges/index.js';

/** What buildApp hands the modules: all of the runtime; each factory takes the part it names (modules/deps.ts). */
export interface AppDeps {
  db: Db;
  config: Config;
  runtime: Runtime;
}

/**
 * Composes the modules: each factory gets the app's database, settings and runtime, and answers its calls' handlers.
 * The result has one handler for every call, by contract id: the table refuses a call answered by two modules, and
 * registration refuses to start when one is missing (http/routes.ts).
 */
export function createHandlers(deps: AppDeps): Handlers {
  return handlerTable({
    site: siteHandlers(deps),
    auth: authHandlers(deps),
    users: userHandlers(deps),
    classifications: classificationHandlers(deps),
    tags: tagHandlers(deps),
    essays: essayHandlers(deps),
    duplicates: duplicateHandlers(deps),
    collections: collectionHandlers(deps),
    mutes: muteHandlers(deps),
    review: reviewHandlers(deps),
    files: fileHandlers(deps),
    comments: commentHandlers(deps),
    notes: noteHandlers(deps),
    attributions: attributionHandlers(deps),
    conflicts: conflictHandlers(deps),
    highlights: highlightHandlers(deps),
    tones: toneHandlers(deps),
    coach: coachHandlers(deps),
    social: socialHandlers(deps),
    messages: messageHandlers(deps),
    announcements: announcementHandlers(deps),
    wechat: wechatHandlers(deps),
    discovery: discoveryHandlers(deps),
    ads: adHandlers(deps),
    orders: orderHandlers(deps),
    reports: reportHandlers(deps),
    audit: auditHandlers(deps),
    dashboard: dashboardHandlers(deps),
    open: openHandlers(deps),
    people: peopleHandlers(deps),
    export: exportHandlers(deps),
    mail: mailHandlers(deps),
    challenges: challengeHandlers(deps),
  });
}
