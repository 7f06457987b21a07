/** 格律: a text's stored 平仄, asked for only when a reader turns 格律 on (components/meter). */
import { defineDomain } from '../../../api/define.js';

const essays = defineDomain('essays');

export const toneQueries = {
  /** The corpus's marks for the text, or null; they change only with a re-import, so they stay fresh. */
  stored: (id: number) => ({ ...essays.query('essayTones', { params: { id } }, { quietCodes: ['A0404'] }), staleTime: Infinity }),
};
