import { defineHandlers } from '../../http/routes.js';
import * as wechat from './service.js';

export const wechatHandlers = defineHandlers({
  appLogin: async ({ db, config, req, query }) => wechat.qrLogin(db, config, req, query.code),
  wxOpenid: async ({ db, config, me, body }) => wechat.bindOpenid(db, config, me, body.code),
});
