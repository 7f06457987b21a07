import { defineDomain } from './define.js';

const open = defineDomain('open');

export const openKeys = { all: open.all, sentence: open.call('openSentence') };

export const openQueries = {
  /**
   * 随机一句 for our own pages: the server remembers the reader by cookie, so no token is sent. A drawn sentence
   * stays put (no refetch on focus or remount); 换一句 asks afresh with `refetch()`.
   */
  sentence: () => ({
    ...open.query('openSentence', { query: {} }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  }),
};
