/**
 * Toasts and notifications through antd's static APIs, loaded with the first toast (api/feedback.ts) or by the
 * pages built on antd: rendered in their own root under the site's theme, so they outlive the page that opened
 * them (a notification shown while navigating stays).
 */
import { ConfigProvider, message, notification } from 'antd';
import { MESSAGE_DURATION, NOTIFICATION_DURATION } from '../../api/feedback.js';
import { AntdTheme } from './AntdScope.js';

ConfigProvider.config({ holderRender: (children) => <AntdTheme>{children}</AntdTheme> });
message.config({ duration: MESSAGE_DURATION, maxCount: 3 });
notification.config({ duration: NOTIFICATION_DURATION, placement: 'topRight' });

export { message, notification };
