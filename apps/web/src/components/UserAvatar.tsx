import { Avatar } from 'antd';

interface Props {
  user: { nickname: string; avatar: string | null };
  size?: number;
}

/** The user's picture, or the first character of the nickname on the accent colour. */
export function UserAvatar({ user, size = 32 }: Props) {
  return (
    <Avatar
      size={size}
      src={user.avatar || undefined}
      className="user-avatar"
      alt={user.nickname}
      style={{ fontSize: Math.round(size * 0.46) }}
    >
      {Array.from(user.nickname.trim())[0] ?? '拾'}
    </Avatar>
  );
}
