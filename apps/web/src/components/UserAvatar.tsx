interface Props {
  user: { nickname: string; avatar: string | null };
  size?: number;
}

/** The user's picture, or the first character of the nickname on the accent colour (antd's Avatar look). */
export function UserAvatar({ user, size = 32 }: Props) {
  const box = { width: size, height: size, fontSize: Math.round(size * 0.46) };
  if (user.avatar) return <img className="user-avatar" src={user.avatar} alt={user.nickname} width={size} height={size} style={box} />;
  return (
    <span className="user-avatar user-avatar--letter" style={box} role="img" aria-label={user.nickname}>
      <span aria-hidden="true">{Array.from(user.nickname.trim())[0] ?? '拾'}</span>
    </span>
  );
}
