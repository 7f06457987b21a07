import type { CallData } from '@shiju/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { QueryState } from '../../../components/QueryState.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { Icon } from '../../../components/ui/Icon.js';
import { LeftOutlined } from '../../../components/ui/icons.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { useIdParam } from '../../../hooks/useSearchParamChoice.js';
import './people.css';
import { userQueries } from '../../account/index.js';
import { useQuery } from '@tanstack/react-query';
import { useTitleName } from '../../../lib/titleName.js';

export type Profile = CallData<'userProfile'>;

/** A user that is not there (bad link, closed account). */
export function UserNotFound() {
  return (
    <EmptyState
      description="没有找到这位用户，可能链接有误或账号已注销"
      action={
        <LinkButton to="/home" size="small">
          回到首页
        </LinkButton>
      }
    />
  );
}

/** The profile of `?id=`, with the not-found and loading states every people page shares. */
export function useProfileParam() {
  const id = useIdParam();
  const query = useQuery({ ...userQueries.profile(id ?? 0), enabled: id !== null });
  useTitleName(id !== null ? query.data?.nickname : null);
  return { id, query };
}

interface Props {
  /** The page heading for this person, e.g. (p) => `${p.nickname} 的收藏`. */
  heading: (p: Profile) => string;
  children: (p: Profile) => ReactNode;
}

/** Frame of /othersRelation, /othersLike, /othersCollect: who this is about, a way back, then the list. */
export function PersonPage({ heading, children }: Props) {
  const { id, query } = useProfileParam();
  return (
    <div className="page page--narrow person-page">
      {id === null ? (
        <UserNotFound />
      ) : (
        <QueryState query={query} notFound={<UserNotFound />} skeletonRows={2}>
          {(p) => (
            <>
              <header className="person-page__head">
                <Link to={`/othersInfor?id=${p.id}`} className="person-page__back">
                  <Icon icon={LeftOutlined} /> 返回主页
                </Link>
                <div className="person-page__who">
                  <Link to={`/othersInfor?id=${p.id}`} tabIndex={-1} aria-hidden="true">
                    <UserAvatar user={p} size={44} />
                  </Link>
                  <h1 className="person-page__title">{heading(p)}</h1>
                </div>
              </header>
              {children(p)}
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
