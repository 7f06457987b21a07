/** The wechat module's public surface: other modules import only from here. */
export { wechatHandlers } from './routes.js';
