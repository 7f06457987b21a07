import type { Essay, TagBrief } from '@shiju/contract';

/**
 * The search call's list items are typed loosely by the contract (one list for three kinds); these are the
 * shapes the server sends for each `type`, with guards so a surprise renders nothing rather than crashing.
 */
export interface UserHit {
  id: number;
  nickname: string;
  avatar: string | null;
  bio: string;
  followers: number;
  essays: number;
}

export interface TagHit extends TagBrief {
  essayCount: number;
}

type Item = Record<string, unknown>;

export function isEssayHit(x: Item): x is Item & Essay {
  return typeof x.id === 'number' && typeof x.summary === 'string' && typeof x.author === 'object' && x.author !== null;
}

export function isUserHit(x: Item): x is Item & UserHit {
  return typeof x.id === 'number' && typeof x.nickname === 'string';
}

export function isTagHit(x: Item): x is Item & TagHit {
  return typeof x.id === 'number' && typeof x.name === 'string';
}
