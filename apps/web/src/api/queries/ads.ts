import { defineDomain } from './define.js';

const ads = defineDomain('ads');

export const adKeys = { all: ads.all };

export const adQueries = {
  atPosition: (position: number) => ads.query('adsList', { params: { id: position } }, { quietCodes: ['B0501'] }),
};
