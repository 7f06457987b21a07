import type { ReactionKind } from '@shiju/contract';
import { isApiError } from '../../../api/index.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { EssayCard } from '../../essays/index.js';
import { InfiniteList } from '../../../components/InfiniteList.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { PrivateState } from './PrivateState.js';
import { usePagedList } from '../../../api/define.js';
import { userQueries } from '../../account/index.js';

const PAGE_SIZE = 10;

export const REACTION_WORD: Record<ReactionKind, string> = { like: '喜欢', collect: '收藏' };

interface Props {
  userId: number;
  kind: ReactionKind;
  own?: boolean;
}

/**
 * The texts a user liked or collected. Someone who keeps them private answers A0301: that is a state of the
 * page (私密), not an error, so the call is quiet about it.
 */
export function ReactedList({ userId, kind, own = false }: Props) {
  const query = usePagedList(userQueries.reacted(userId, kind, PAGE_SIZE));
  if (isApiError(query.error, 'A0301')) return <PrivateState what={REACTION_WORD[kind]} userId={userId} />;

  const word = REACTION_WORD[kind];
  const empty = own ? (
    <EmptyState
      description={`还没有${word}的作品。读到打动你的句子，点一下“${word}”，它就会出现在这里`}
      action={
        <LinkButton to="/home" size="small">
          去首页读读
        </LinkButton>
      }
    />
  ) : (
    <EmptyState description={`TA 还没有${word}任何作品`} />
  );
  return <InfiniteList query={query} itemKey={(e) => e.id} renderItem={(e) => <EssayCard essay={e} />} empty={empty} />;
}
