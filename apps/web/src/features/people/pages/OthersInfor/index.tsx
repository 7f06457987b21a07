import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { QueryState } from '../../../../components/QueryState.js';
import { RelativeTime } from '../../../../components/RelativeTime.js';
import { ReportButton } from '../../../reports/index.js';
import { Icon } from '../../../../components/ui/Icon.js';
import { EditOutlined, HeartOutlined, LockOutlined, StarOutlined } from '../../../../components/ui/icons.js';
import { BlockButton } from '../../components/BlockButton.js';
import { MuteButton } from '../../../mutes/index.js';
import { FollowButton } from '../../components/FollowButton.js';
import { LinkButton } from '../../../../components/LinkButton.js';
import { UserNotFound, useProfileParam, type Profile } from '../../components/PersonPage.js';
import { ProfileCard, ProfileCardSkeleton } from '../../components/ProfileCard.js';
import { useSession } from '../../../../hooks/useSession.js';
import { AuthorEssays } from './AuthorEssays.js';

/** The month someone joined, by the reader's clock. */
const joinedIn = (iso: string) => dayjs(iso).format('YYYY年M月');

function ReactionLink({ to, icon, label, isPublic }: { to: string; icon: IconDefinition; label: string; isPublic: boolean }) {
  return (
    <Link to={to} className="profile-card__link">
      <Icon icon={icon} />
      {label}
      {isPublic ? null : (
        <span className="profile-card__lock" title="仅 TA 自己可见">
          <Icon icon={LockOutlined} /> 私密
        </span>
      )}
    </Link>
  );
}

function Header({ p, own }: { p: Profile; own: boolean }) {
  const who = own ? '我' : 'TA';
  return (
    <ProfileCard
      user={p}
      subtitle={
        <>
          <RelativeTime value={p.createdAt} format={joinedIn} />
          加入拾句
        </>
      }
      stats={[
        { label: '作品', value: p.essays },
        { label: '关注', value: p.following, to: `/othersRelation?id=${p.id}&type=following` },
        { label: '粉丝', value: p.followers, to: `/othersRelation?id=${p.id}&type=followers` },
        { label: '获赞', value: p.likesReceived },
      ]}
      actions={
        own ? (
          <LinkButton to="/space?tab=settings" icon={<Icon icon={EditOutlined} />}>
            编辑资料
          </LinkButton>
        ) : (
          <>
            {p.isBlocked ? null : <FollowButton userId={p.id} nickname={p.nickname} isFollowing={p.isFollowing} />}
            <MuteButton target={{ kind: 'user', targetId: p.id, label: p.nickname }} />
            <BlockButton userId={p.id} nickname={p.nickname} isBlocked={p.isBlocked} />
            <ReportButton targetType="user" targetId={p.id} />
          </>
        )
      }
      footer={
        <>
          <ReactionLink to={`/othersLike?id=${p.id}`} icon={HeartOutlined} label={`${who}的喜欢`} isPublic={p.likesPublic} />
          <ReactionLink to={`/othersCollect?id=${p.id}`} icon={StarOutlined} label={`${who}的收藏`} isPublic={p.collectsPublic} />
        </>
      }
    />
  );
}

/** /othersInfor?id=: someone's profile, follow button, links to their relations, likes and collections, and their texts. */
export default function OthersInfor() {
  const me = useSession();
  const { id, query } = useProfileParam();
  if (id === null)
    return (
      <div className="page page--narrow">
        <UserNotFound />
      </div>
    );
  const own = me?.id === id;
  return (
    <div className="page page--narrow person">
      {query.isPending ? (
        <ProfileCardSkeleton />
      ) : (
        <QueryState query={query} notFound={<UserNotFound />}>
          {(p) => (
            <>
              <Header p={p} own={own} />
              <AuthorEssays authorId={p.id} own={own} />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
