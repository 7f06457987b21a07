import type { UserInfo } from '@shiju/contract';
import { useEffect } from 'react';
import { useCall } from '../../api/index.js';
import { QueryState } from '../../components/QueryState.js';
import { RequireSignIn } from '../../components/RequireSignIn.js';
import { UserAvatar } from '../../components/UserAvatar.js';
import { saveUserInfo } from '../../lib/session.js';

function ProfileHeader({ me }: { me: UserInfo }) {
  return (
    <header className="profile">
      <UserAvatar user={me} size={72} />
      <div className="profile__text">
        <h1 className="profile__name">{me.nickname}</h1>
        <p className="profile__handle">@{me.username}</p>
        <p className="profile__bio serif">{me.bio || '还没有写个人简介。'}</p>
      </div>
    </header>
  );
}

function Profile() {
  const query = useCall('me', {});
  const me = query.data;

  // Keep the stored userInfo (the header's nickname and avatar) in step with the server.
  useEffect(() => {
    if (me) saveUserInfo(me);
  }, [me]);

  return (
    <div className="page page--narrow">
      <QueryState query={query} skeletonRows={3}>
        {(data) => <ProfileHeader me={data} />}
      </QueryState>
      <p className="placeholder-note">你的作品、草稿、喜欢与收藏、关注与粉丝，以及资料和隐私设置，很快就会在这里和你见面。</p>
    </div>
  );
}

export default function Space() {
  return (
    <RequireSignIn what="个人中心">
      <Profile />
    </RequireSignIn>
  );
}
