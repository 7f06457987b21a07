import type { AdRow } from './queries.js';

export const presentAd = (a: AdRow) => ({
  id: a.id,
  title: a.title,
  image: a.image,
  link: a.link,
  position: a.position,
  weight: a.weight,
  frequency: a.frequency,
});
