import { useEffect, useRef, useState } from 'react';
import type { LikeResult, ReactionKind } from '@shiju/contract';
import { useReaction } from '../../../essays/index.js';

interface Confirmed {
  on: boolean;
  count: number;
}

const pick = (kind: ReactionKind, r: LikeResult): Confirmed =>
  kind === 'like' ? { on: r.liked, count: r.likes } : { on: r.collected, count: r.collects };

/**
 * One reaction (喜欢 or 收藏) of one text, instant and exact under any number of clicks.
 *
 * The button shows what the user wants at once (optimistic). Calls are serialised: while one is in flight
 * further clicks only change the wish, and when it answers another call goes out if the wish and the server
 * still differ. Counts are the server's, adjusted by one while a wish is unconfirmed. A failed call
 * falls back to what the server last said.
 */
export function useReactionToggle(essayId: number, kind: ReactionKind, initial: Confirmed, onSettled?: (result: LikeResult) => void) {
  const [confirmed, setConfirmed] = useState<Confirmed>(initial);
  const [wish, setWish] = useState<boolean>(initial.on);
  const react = useReaction();
  const [busy, setBusy] = useState(false);
  const wishRef = useRef(initial.on);
  const confirmedRef = useRef(initial);
  const running = useRef(false);
  const onSettledRef = useRef(onSettled);
  useEffect(() => {
    onSettledRef.current = onSettled;
  });

  const run = async () => {
    running.current = true;
    setBusy(true);
    try {
      while (confirmedRef.current.on !== wishRef.current) {
        const target = wishRef.current;
        const result = await react.mutateAsync({ essayId, kind, on: target });
        confirmedRef.current = pick(kind, result);
        setConfirmed(confirmedRef.current);
        onSettledRef.current?.(result);
      }
    } catch {
      // The request layer has shown the reason; the button returns to the server's state.
      wishRef.current = confirmedRef.current.on;
      setWish(wishRef.current);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const toggle = () => {
    wishRef.current = !wishRef.current;
    setWish(wishRef.current);
    if (!running.current) void run();
  };

  /** A state the server confirmed through another call (the 收藏夹 picker); ignored while a toggle is in flight. */
  const settle = (next: Confirmed) => {
    if (running.current) return;
    confirmedRef.current = next;
    setConfirmed(next);
    wishRef.current = next.on;
    setWish(next.on);
  };

  const delta = wish === confirmed.on ? 0 : wish ? 1 : -1;
  return { on: wish, count: Math.max(0, confirmed.count + delta), busy, toggle, settle };
}
