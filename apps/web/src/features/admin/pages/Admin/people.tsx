import { Space } from 'antd';
import { Link } from 'react-router';
import { userHref } from '../../../../lib/links.js';
import { UserAvatar } from '../../../../components/UserAvatar.js';

/** Avatar, nickname (to their page) and @username: how the console names a person everywhere. */
export function PersonCell({ user }: { user: { id: number; nickname: string; avatar: string | null; username?: string } }) {
  return (
    <Space size={8}>
      <UserAvatar user={user} size={28} />
      <span>
        <Link to={userHref(user.id)} target="_blank">
          {user.nickname}
        </Link>
        {user.username ? <div className="admin-muted">@{user.username}</div> : null}
      </span>
    </Space>
  );
}
