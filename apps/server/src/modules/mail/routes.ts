import { defineHandlers } from '../../http/routes.js';
import * as mail from './service.js';

export const mailHandlers = defineHandlers({
  bindEmail: async ({ db, runtime, me, body }) => mail.sendBindCode(db, runtime.mailer, me, body.email),
  verifyEmail: async ({ db, me, body }) => mail.verifyBind(db, me, body.email, body.code),
  forgotPassword: async ({ db, runtime, req, body }) => mail.forgotPassword(db, runtime.mailer, req.log, req.ip, body.account),
  resetPassword: async ({ db, req, body, runtime }) => mail.resetPassword(db, runtime.broadcast, req.ip, body),
});
