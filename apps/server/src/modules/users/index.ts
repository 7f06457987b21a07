/** The users module's public surface: other modules import only from here. */
export { banInTx, banMessage, forgetAll, liftExpiredBan, liftExpiredBans } from './admin.js';
export { changeUser, type UserTx } from './changes.js';
export {
  addBlock,
  blockedEitherWay,
  blockedIds,
  blocksAnyone,
  dropSessionsAndBlocks,
  isBlocked,
  notBlockedBy,
  removeBlock,
} from './blockQueries.js';
export { presentUserInfo } from './presenter.js';
export {
  bindOpenid,
  findActiveUser,
  insertWechatUser,
  openidTakenByOther,
  personCardColumns,
  userByOpenid,
  type UserRow,
  anonymize,
  extendMembership,
  shortenMembership,
  moveUserCounter,
  setAgreement,
  setDeletion,
  setEmail,
  setPasswordHash,
  setNoteEditorFlag,
  type UserCounter,
} from './queries.js';
export { userHandlers } from './routes.js';
export { revokeAllSessions } from './adminQueries.js';
