import type { Challenge } from '@shiju/contract';
import { beijingTimeLabel, type ChallengeState } from '@shiju/contract/core';

/** 每周仿写's words, shared by its page, 每周精选 and the console. */
export const STATE_LABELS: Record<ChallengeState, string> = { upcoming: '未开始', open: '进行中', closed: '已结束' };

/** 11月30日 00:00, in Beijing time whatever the reader's zone (the window is Shanghai's week). */
export const challengeTime = (iso: string) => beijingTimeLabel(new Date(iso));

export const challengeWindow = (c: Pick<Challenge, 'opensAt' | 'closesAt'>) =>
  `${challengeTime(c.opensAt)} — ${challengeTime(c.closesAt)}（北京时间）`;

/** The title a challenge goes by: its original's. */
export const challengeName = (c: Pick<Challenge, 'id' | 'original'>) =>
  c.original ? (c.original.title ?? [...c.original.summary].slice(0, 12).join('')) : `第 ${c.id} 期`;
