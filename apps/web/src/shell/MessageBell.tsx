import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { useCall } from '../api/index.js';

const POLL_MS = 60_000;

/** Unread notifications of the signed-in user. The count is quiet: no mask, no toast; on failure no badge. */
export function MessageBell() {
  const { data, isError } = useCall('messageCount', {}, { quietCodes: ['B0501'], refetchInterval: POLL_MS });
  const count = isError ? 0 : (data?.total ?? 0);
  return (
    <Link to="/myInform" className="header__icon" aria-label={count ? `我的通知，${count} 条未读` : '我的通知'}>
      <Badge count={count} size="small" overflowCount={99}>
        <BellOutlined />
      </Badge>
    </Link>
  );
}
