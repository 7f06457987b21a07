import type { Mute, MuteKind } from '@shiju/contract';
import type { QueryClient } from '@tanstack/react-query';
import { defineCallWrite, defineDomain } from '../../../api/define.js';
import { discoveryKeys } from '../../../api/keys.js';
import { interestKeys } from '../../../api/keys.js';
import { openKeys } from '../../../api/keys.js';
import { peopleKeys } from '../../../api/keys.js';

/** 屏蔽: the reader's muted tags, classifications, 作者 and posters. */
const mutes = defineDomain('mutes');

export const muteKeys = { all: mutes.all, mine: mutes.call('myMutes') };

export const muteQueries = {
  /** The reader's whole list (at most MUTE_LIMIT): cards and pages look a target up in it. */
  mine: () => ({ ...mutes.query('myMutes', {}), staleTime: 5 * 60_000 }),
};

/** What a mute names: a tag, classification or poster by id, a 作者 by name. */
export type MuteTarget = { kind: Exclude<MuteKind, 'author'>; targetId: number } | { kind: 'author'; name: string };

/** The reader's mute of this target, if they have one. */
export function findMute(list: readonly Mute[] | undefined, target: MuteTarget): Mute | undefined {
  return list?.find((m) =>
    target.kind === 'author' ? m.kind === 'author' && m.name === target.name : m.kind === target.kind && m.targetId === target.targetId,
  );
}

/**
 * After muting or unmuting: the list, and what a mute filters — the interest feed and the following feed,
 * rankings and suggestions (the discovery domain), and the random sentence.
 */
async function afterMutesChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: muteKeys.all }),
    queryClient.invalidateQueries({ queryKey: interestKeys.feeds }),
    queryClient.invalidateQueries({ queryKey: peopleKeys.following }),
    queryClient.invalidateQueries({ queryKey: discoveryKeys.all }),
    queryClient.invalidateQueries({ queryKey: openKeys.sentence }),
  ]);
}

/** 屏蔽 a tag, classification, 作者 or poster. */
export const useMute = defineCallWrite('createMute', { onSuccess: (queryClient) => afterMutesChanged(queryClient) });

/** 取消屏蔽 (from the place it is shown, or the list in 设置). */
export const useUnmute = defineCallWrite('deleteMute', { onSuccess: (queryClient) => afterMutesChanged(queryClient) });
