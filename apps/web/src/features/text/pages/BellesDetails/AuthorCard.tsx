import { creditOf } from '@shiju/contract/credit';
import { Link } from 'react-router';
import { useFollow } from '../../../people/index.js';
import { useEnsureSignedIn } from '../../../../components/useEnsureSignedIn.js';
import { userHref } from '../../../../lib/links.js';
import { UserAvatar } from '../../../../components/UserAvatar.js';
import { Button } from '../../../../components/ui/Button.js';
import { Icon } from '../../../../components/ui/Icon.js';
import { CheckOutlined, PlusOutlined } from '../../../../components/ui/icons.js';
import { useSession } from '../../../../hooks/useSession.js';
import { useDetailsCache, type Details } from '../../../essays/index.js';

/**
 * The account that posted the text: avatar, name, bio and 关注 / 已关注 (POST / DELETE pc/users/:id/follow). It is
 * the author only of an original; a quote's poster is labelled as who 收录 or 分享 it (contract creditOf).
 */
export function AuthorCard({ essay }: { essay: Details }) {
  const user = useSession();
  const ensure = useEnsureSignedIn();
  const patch = useDetailsCache(essay.id);
  const follow = useFollow({ onSuccess: (_ok, v) => patch(() => ({ following: v.follow })) });
  const { author, following } = essay;
  const self = user?.id === author.id;
  const role = creditOf(essay).poster?.role ?? null;

  const toggle = async () => {
    if (!(await ensure('关注喜欢的作者'))) return;
    follow.mutate({ userId: author.id, follow: !following });
  };

  return (
    <section className="author-card panel" aria-label={role ? `${role}者` : '作者'}>
      <Link to={userHref(author.id)} className="author-card__who">
        <UserAvatar user={author} size={48} />
        <span className="author-card__text">
          <span className="author-card__name serif">
            {author.nickname}
            {role ? <span className="author-card__role">{role}</span> : null}
          </span>
          <span className="author-card__bio">{author.bio || '这位作者还没有写简介。'}</span>
        </span>
      </Link>
      {self ? null : (
        <Button
          type={following ? 'default' : 'primary'}
          icon={<Icon icon={following ? CheckOutlined : PlusOutlined} />}
          loading={follow.isPending}
          onClick={() => void toggle()}
          className="author-card__follow"
        >
          {following ? '已关注' : '关注'}
        </Button>
      )}
    </section>
  );
}
