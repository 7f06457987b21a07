import { rankReasonOf, rankShortfallOf, type RankPeriod } from '@shiju/contract/core';
import { formatCount } from '../../../lib/format.js';
import './discovery.css';

export type RankingPeriod = RankPeriod;

/** 为什么在这里: why a text is on a ranking, in plain words from the counts the list returned (never the score). */
export function RankReason({ entry, period }: { entry: { likers: number; viewers: number }; period: RankingPeriod }) {
  return (
    <span className="rank-reason" title="为什么在这里">
      {rankReasonOf(period, entry.likers, entry.viewers, formatCount)}
    </span>
  );
}

/** Said under a ranked list that has fewer qualifying texts than it aims to show (nothing once it has enough). */
export function RankShortfall({ shown, loaded }: { shown: number; loaded: boolean }) {
  const text = loaded && shown > 0 ? rankShortfallOf(shown) : null;
  return text ? <p className="rank-shortfall">{text}</p> : null;
}
