import { Link } from 'react-router';
import type { PageItem } from '../../../api/index.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { FollowButton } from './FollowButton.js';
import './people.css';

type Person = PageItem<'userRelations'>;

/** One person in a list: picture, name, bio, and the follow / follow-back button. */
export function UserRow({ user }: { user: Person }) {
  const href = `/othersInfor?id=${user.id}`;
  return (
    <div className="user-row">
      <Link to={href} className="user-row__avatar" aria-label={user.nickname} tabIndex={-1}>
        <UserAvatar user={user} size={48} />
      </Link>
      <div className="user-row__text">
        <Link to={href} className="user-row__name">
          {user.nickname}
        </Link>
        {user.followsMe && !user.isFollowing ? <span className="user-row__badge">关注了你</span> : null}
        <p className="user-row__bio">{user.bio || '还没有写个人简介'}</p>
      </div>
      <FollowButton userId={user.id} nickname={user.nickname} isFollowing={user.isFollowing} followsMe={user.followsMe} size="small" />
    </div>
  );
}
