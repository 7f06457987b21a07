import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { Icon } from '../../../components/ui/Icon.js';
import { CrownFilled } from '../../../components/ui/icons.js';
import { Skeleton, SkeletonAvatar } from '../../../components/ui/Skeleton.js';
import './people.css';

export interface ProfileStat {
  label: string;
  value: number;
  /** A link (another page) or an action (switching a tab); plain text when neither. */
  to?: string;
  onClick?: () => void;
  active?: boolean;
}

interface Props {
  /** `isMember`: a 会员 badge beside the name while their membership lasts. */
  user: { nickname: string; avatar: string | null; bio: string; isMember?: boolean };
  /** A line under the name (@username, 加入时间 …). */
  subtitle?: ReactNode;
  stats: ProfileStat[];
  /** Buttons on the right (关注, 编辑资料). */
  actions?: ReactNode;
  /** A row under the stats (links to likes and collections). */
  footer?: ReactNode;
  emptyBio?: string;
}

function Stat({ stat }: { stat: ProfileStat }) {
  const body = (
    <>
      <strong className="profile-card__stat-value">{formatCount(stat.value)}</strong>
      <span className="profile-card__stat-label">{stat.label}</span>
    </>
  );
  const className = stat.active ? 'profile-card__stat is-active' : 'profile-card__stat';
  if (stat.to)
    return (
      <Link to={stat.to} className={className}>
        {body}
      </Link>
    );
  if (stat.onClick)
    return (
      <button type="button" className={className} onClick={stat.onClick} aria-pressed={stat.active}>
        {body}
      </button>
    );
  return <span className={className}>{body}</span>;
}

/** A person's header: picture, name, bio, counters, and what one can do about them. */
export function ProfileCard({ user, subtitle, stats, actions, footer, emptyBio = '这个人很安静，还没有写个人简介。' }: Props) {
  return (
    <header className="profile-card panel">
      <div className="profile-card__main">
        <UserAvatar user={user} size={80} />
        <div className="profile-card__text">
          <h1 className="profile-card__name">
            {user.nickname}
            {user.isMember ? (
              <span className="member-badge" title="拾句会员">
                <Icon icon={CrownFilled} /> 会员
              </span>
            ) : null}
          </h1>
          {subtitle ? <div className="profile-card__subtitle">{subtitle}</div> : null}
          <p className={user.bio ? 'profile-card__bio serif' : 'profile-card__bio profile-card__bio--empty'}>{user.bio || emptyBio}</p>
        </div>
        {actions ? <div className="profile-card__actions">{actions}</div> : null}
      </div>
      <div className="profile-card__stats">
        {stats.map((s) => (
          <Stat key={s.label} stat={s} />
        ))}
      </div>
      {footer ? <div className="profile-card__footer">{footer}</div> : null}
    </header>
  );
}

/** The same frame while the profile loads. */
export function ProfileCardSkeleton() {
  return (
    <div className="profile-card panel" aria-busy="true">
      <div className="profile-card__main">
        <SkeletonAvatar size={80} />
        <div className="profile-card__text">
          <Skeleton title="160px" rows={2} widths={['60%', '40%']} />
        </div>
      </div>
    </div>
  );
}
