import { useSession } from '../../hooks/useSession.js';
import { PersonPage } from './PersonPage.js';
import type { ReactionKind } from '@shiju/contract';
import { REACTION_WORD, ReactedList } from './ReactedList.js';

/** /othersLike and /othersCollect: one page shape, two lists. */
export function ReactedPage({ kind }: { kind: ReactionKind }) {
  const me = useSession();
  const word = REACTION_WORD[kind];
  return (
    <PersonPage heading={(p) => (p.id === me?.id ? `我的${word}` : `${p.nickname} 的${word}`)}>
      {(p) => <ReactedList userId={p.id} kind={kind} own={p.id === me?.id} />}
    </PersonPage>
  );
}
