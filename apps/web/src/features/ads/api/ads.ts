import { defineCallWrite, defineDomain } from '../../../api/define.js';

const ads = defineDomain('ads');

export const adQueries = {
  atPosition: (position: number) => ads.query('adsList', { params: { id: position } }),
};

/** Counts a click on an ad; the reader is on their way to the ad's page meanwhile. */
export const useAdClick = defineCallWrite('adsClick');
