import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as mail from './service.js';

export function mailHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'mailer'>) {
  return defineHandlers({
    bindEmail: async ({ me, body }) => mail.sendBindCode(db, runtime.mailer, me, body.email),
    verifyEmail: async ({ me, body }) => mail.verifyBind(db, me, body.email, body.code),
    forgotPassword: async ({ req, body }) => mail.forgotPassword(db, runtime.mailer, req.log, req.ip, body.account),
    resetPassword: async ({ req, body }) => mail.resetPassword(db, runtime.broadcast, req.ip, body),
  });
}
