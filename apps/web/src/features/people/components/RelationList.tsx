import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState.js';
import { InfiniteList } from '../../../components/InfiniteList.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { UserRow } from './UserRow.js';
import { usePagedList } from '../../../api/define.js';
import { userQueries } from '../../account/index.js';

export type RelationType = 'following' | 'followers';
export const RELATION_TYPES: readonly RelationType[] = ['following', 'followers'];

const PAGE_SIZE = 20;

/** The list's call options, shared with the server's prefetch of /othersRelation. */
export const relationsQuery = (userId: number, type: RelationType) => userQueries.relations(userId, type, PAGE_SIZE);

interface Props {
  userId: number;
  type: RelationType;
  /** One's own list (on /space): the empty text speaks to 你, elsewhere about TA. */
  own?: boolean;
}

function Empty({ type, own }: { type: RelationType; own: boolean }) {
  let text: string;
  let action: ReactNode = null;
  if (type === 'following') {
    text = own ? '你还没有关注任何人，去排行榜找找喜欢的作者吧' : 'TA 还没有关注任何人';
    if (own)
      action = (
        <LinkButton to="/leaderboard" size="small">
          去排行榜看看
        </LinkButton>
      );
  } else {
    text = own ? '还没有粉丝。多写几句好句子，会有人来关注你的' : 'TA 还没有粉丝，来做第一个关注 TA 的人吧';
    if (own)
      action = (
        <LinkButton to="/editorialEssay" size="small">
          去写一句
        </LinkButton>
      );
  }
  return <EmptyState description={text} action={action} />;
}

/** Whom a user follows, or who follows them, with follow-back buttons; loads more on scroll. */
export function RelationList({ userId, type, own = false }: Props) {
  const query = usePagedList(relationsQuery(userId, type));
  return (
    <div className="user-list">
      <InfiniteList query={query} itemKey={(u) => u.id} renderItem={(u) => <UserRow user={u} />} empty={<Empty type={type} own={own} />} />
    </div>
  );
}
