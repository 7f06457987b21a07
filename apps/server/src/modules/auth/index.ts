/** The auth module's public surface: other modules import only from here. */
export { hashPassword, verifyPassword } from './password.js';
export { assertPasswordAllowed } from './passwordPolicy.js';
export { authHandlers } from './routes.js';
export { ACCOUNT_MAX_ATTEMPTS, LOGIN_MAX_FAILURES } from './service.js';
export {
  createSession,
  createSessionStore,
  hashToken,
  newToken,
  revokeSession,
  SESSION_DAYS,
  type Session,
  type SessionStore,
} from './sessions.js';
