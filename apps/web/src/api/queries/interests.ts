import { defineDomain } from './define.js';

const interests = defineDomain('interests');
/** 为你推荐 (首页) and its preview on /myInterest: texts chosen by the reader's interests. */
const forYou = defineDomain('forYou');

export const interestKeys = {
  all: interests.all,
  mine: interests.call('getInterests'),
  feeds: forYou.all,
};

export const interestQueries = {
  mine: () => interests.query('getInterests', {}, { quietCodes: ['B0501'] }),
  preview: () => forYou.query('hobbyList', {}),
  feed: (pageSize: number) => forYou.paged('hobbyPage', (pageNum) => ({ query: { pageNum, pageSize } }), { quietCodes: ['B0501'] }),
};
