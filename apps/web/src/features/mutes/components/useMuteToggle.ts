import { MUTE_KIND_LABELS } from '@shiju/contract/core';
import { useQuery } from '@tanstack/react-query';
import { toastSuccess } from '../../../api/index.js';
import { findMute, muteQueries, useMute, useUnmute, type MuteTarget } from '../api/mutes.js';
import { useSession } from '../../../hooks/useSession.js';

/** A target to mute with the words it is shown by (李白, 唐诗, a nickname). */
export type NamedTarget = MuteTarget & { label: string };

export const muteWords = (t: NamedTarget) => `${MUTE_KIND_LABELS[t.kind]}「${t.label}」`;

/**
 * Muting and unmuting from where a thing is shown: whether the signed-in reader muted each target (from their
 * list, asked once and shared), and a toggle that says what happened. Visitors get `enabled: false`.
 */
export function useMuteToggle() {
  const user = useSession();
  const list = useQuery({ ...muteQueries.mine(), enabled: user !== null });
  const mute = useMute({
    onSuccess: (m) => toastSuccess(`已屏蔽${MUTE_KIND_LABELS[m.kind]}「${m.name}」，推荐、排行榜、随机一句和搜索联想中将不再出现`),
  });
  const unmute = useUnmute();
  const busy = mute.isPending || unmute.isPending;
  const mutedOf = (t: MuteTarget) => findMute(list.data?.list, t);
  const toggle = (t: NamedTarget) => {
    const existing = mutedOf(t);
    if (existing) {
      unmute.mutate({ params: { id: existing.id } }, { onSuccess: () => toastSuccess(`已取消屏蔽${muteWords(t)}`) });
      return;
    }
    mute.mutate({ body: t.kind === 'author' ? { kind: 'author', name: t.name } : { kind: t.kind, targetId: t.targetId } });
  };
  return { enabled: user !== null, ready: list.isSuccess, busy, mutedOf, toggle, userId: user?.id ?? null };
}
