import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as wechat from './service.js';

export function wechatHandlers({ db, config }: ModuleDeps) {
  return defineHandlers({
    appLogin: async ({ req, query }) => wechat.qrLogin(db, config, req, query.code),
    wxOpenid: async ({ me, body }) => wechat.bindOpenid(db, config, me, body.code),
  });
}
