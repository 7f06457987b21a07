import { defineHandlers } from '../../http/routes.js';
import * as mail from './service.js';

export const mailHandlers = defineHandlers({
  bindEmail: async ({ db, config, me, body }) => mail.sendBindCode(db, config, me, body.email),
  verifyEmail: async ({ db, me, body }) => mail.verifyBind(db, me, body.email, body.code),
  forgotPassword: async ({ db, config, req, body }) => mail.forgotPassword(db, config, req.log, req.ip, body.account),
  resetPassword: async ({ db, req, body }) => mail.resetPassword(db, req.ip, body),
});
