import { useSession } from '../../../hooks/useSession.js';
import { PersonPage } from './PersonPage.js';
import type { ReactionKind } from '@shiju/contract';
import type { ReactNode } from 'react';
import { REACTION_WORD, ReactedList } from './ReactedList.js';

/** /othersLike and /othersCollect: one page shape, two lists (`before`: what goes above the list). */
export function ReactedPage({ kind, before }: { kind: ReactionKind; before?: (userId: number) => ReactNode }) {
  const me = useSession();
  const word = REACTION_WORD[kind];
  return (
    <PersonPage heading={(p) => (p.id === me?.id ? `我的${word}` : `${p.nickname} 的${word}`)}>
      {(p) => (
        <>
          {before?.(p.id)}
          <ReactedList userId={p.id} kind={kind} own={p.id === me?.id} />
        </>
      )}
    </PersonPage>
  );
}
