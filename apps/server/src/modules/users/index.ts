/** The users module's public surface: other modules import only from here. */
export { banInTx, banMessage, forgetAll, liftExpiredBan, liftExpiredBans } from './admin.js';
export { changeUser, extendMembership, shortenMembership } from './changes.js';
export { blockedEitherWay, blockedIds, blocksAnyone, isBlocked, notBlockedBy } from './blockQueries.js';
export { presentUserInfo } from './presenter.js';
export { bindOpenid, findActiveUser, insertWechatUser, openidTakenByOther, personCardColumns, userByOpenid, type UserRow } from './queries.js';
export { userHandlers } from './routes.js';
