import { Link } from 'react-router';
import { useUnreadCounts } from '../features/messages/index.js';
import { Icon } from '../components/ui/Icon.js';
import { BellOutlined } from '../components/ui/icons.js';

/** antd's Badge rule: above 99 it reads 99+. */
const OVERFLOW = 99;

/**
 * Unread notifications of the signed-in user. The count is quiet: no loading mask (the call is silent), no
 * toast; on failure no badge. It refreshes every 60 s while the tab is visible and whenever something that
 * reads messages invalidates it (see features/people/components/unread.ts).
 */
export function MessageBell() {
  const { data, isError } = useUnreadCounts();
  const count = isError ? 0 : (data?.total ?? 0);
  return (
    <Link to="/myInform" className="header__icon message-bell" aria-label={count ? `我的通知，${count} 条未读` : '我的通知'}>
      <span className="badge">
        <Icon icon={BellOutlined} />
        {count > 0 ? (
          <sup className="badge__count" aria-hidden="true">
            {count > OVERFLOW ? `${OVERFLOW}+` : count}
          </sup>
        ) : null}
      </span>
    </Link>
  );
}
