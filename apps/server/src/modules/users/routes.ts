import { defineHandlers } from '../../http/routes.js';
import { presentUserInfo } from './presenter.js';
import { updateMe } from './service.js';

export const userHandlers = defineHandlers({
  me: async ({ me }) => presentUserInfo(me),
  updateMe: async ({ db, me, body, config }) => presentUserInfo(await updateMe(db, me, body, config.sensitiveWordsFile)),
});
